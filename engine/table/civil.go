package table

import "strconv"

// Dates and timestamps are counted in whole days and microseconds from 1970-01-01 in the
// proleptic Gregorian calendar, as Spark does (DateTimeUtils, java.time). The conversions here
// are integer arithmetic: time.Duration (and so time.Time.Sub, UnixNano) saturates at about
// ±292 years from 1970, which clamped 9999-12-31 to 2262-04-11 and broke every date before
// 1677-09-21.

// MicrosPerDay is the number of microseconds in a day (Spark's MICROS_PER_DAY).
const MicrosPerDay = 86_400_000_000

// DaysFromCivil returns the days from 1970-01-01 to the proleptic Gregorian date y-m-d (m in
// 1..12, d in 1..31, not checked against the month's length), exactly for every year within
// ±10^12. It is Howard Hinnant's days_from_civil: years start on March 1 so that the leap day
// ends a year, and 400-year eras hold 146097 days each.
func DaysFromCivil(y int64, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400 // [0, 399]
	mp := (m + 9) % 12 // March is 0
	doy := int64((153*mp+2)/5 + d - 1)
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// CivilFromDays is DaysFromCivil's inverse.
func CivilFromDays(days int64) (y int64, m, d int) {
	z := days + 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365]
	mp := (5*doy + 2) / 153                                // [0, 11]
	d = int(doy - (153*mp+2)/5 + 1)
	m = int(mp + 3)
	if m > 12 {
		m -= 12
	}
	y = yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

// ValidCivil reports whether y-m-d is a day of the proleptic Gregorian calendar.
func ValidCivil(y int64, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	n := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		n = 29
	}
	return d <= n
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// appendDate writes days as yyyy-MM-dd: four digits for years 0 to 9999, and outside them a
// sign and at least four digits, as java.time's ISO_LOCAL_DATE (which Spark prints dates with).
func appendDate(b []byte, days int64) []byte {
	y, m, d := CivilFromDays(days)
	switch {
	case y < 0:
		b = append(b, '-')
		y = -y
	case y > 9999:
		b = append(b, '+')
	}
	b = appendPadded(b, y, 4)
	b = append(b, '-')
	b = appendPadded(b, int64(m), 2)
	b = append(b, '-')
	return appendPadded(b, int64(d), 2)
}

// appendTimestamp writes microseconds as yyyy-MM-dd HH:mm:ss[.ffffff], the fraction without its
// trailing zeros, as Spark's TimestampFormatter prints a literal.
func appendTimestamp(b []byte, us int64) []byte {
	days := floorDiv(us, MicrosPerDay)
	rem := us - days*MicrosPerDay
	b = appendDate(b, days)
	b = append(b, ' ')
	b = appendPadded(b, rem/3_600_000_000, 2)
	b = append(b, ':')
	b = appendPadded(b, rem/60_000_000%60, 2)
	b = append(b, ':')
	b = appendPadded(b, rem/1_000_000%60, 2)
	if frac := rem % 1_000_000; frac != 0 {
		b = append(b, '.')
		digits := 6
		for frac%10 == 0 {
			frac /= 10
			digits--
		}
		b = appendPadded(b, frac, digits)
	}
	return b
}

func appendPadded(b []byte, v int64, width int) []byte {
	s := strconv.FormatInt(v, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

package readout

import (
	"math"
	"strconv"
)

// Number writes v with digits decimals and a comma between thousands ("2,400.0", "25,000",
// "1,152.77"): the one number format of the widget's readouts, the posters and the explainer's
// prose (site/gen trims its trailing zeros), so that they agree to the same rounding.
func Number(v float64, digits int) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', digits, 64)
	whole, frac := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			whole, frac = s[:i], s[i:]
			break
		}
	}
	b := make([]byte, 0, len(s)+len(whole)/3+1)
	if v < 0 && strconv.FormatFloat(0, 'f', digits, 64) != s {
		b = append(b, '-')
	}
	for i := 0; i < len(whole); i++ {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, whole[i])
	}
	return string(append(b, frac...))
}

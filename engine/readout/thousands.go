package readout

import (
	"strconv"
	"strings"
)

// Thousands writes v with digits decimals and a comma between thousands ("2,400.0",
// "1,154.2", "25,000"): the one formatter of the figures the readouts, the charts' labels and
// the explainer's prose state, so the three agree to the digit.
func Thousands(v float64, digits int) string {
	s := strconv.FormatFloat(v, 'f', digits, 64)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(whole[i])
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return b.String()
}

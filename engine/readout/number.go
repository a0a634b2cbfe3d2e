package readout

import (
	"strconv"
	"strings"
)

// Number writes v with digits decimals and a comma between thousands ("2,400.0", "25,000",
// "1,152.77"): the one number format of the widget's readouts, the posters and the explainer's
// prose (site/gen trims its trailing zeros), so that they agree to the same rounding. Kept
// small: it is in the widget's wasm, whose transfer has a budget.
func Number(v float64, digits int) string {
	s := strconv.FormatFloat(v, 'f', digits, 64)
	i := strings.IndexByte(s, '.')
	if i < 0 {
		i = len(s)
	}
	for j := i - 3; j > 0 && s[j-1] != '-'; j -= 3 {
		s = s[:j] + "," + s[j:]
	}
	return s
}

// Trimmed is Number without trailing zeros after the point (0.25, 40, 1,152.5): a knob's value
// as the prose and the posters state it.
func Trimmed(v float64, digits int) string {
	s := Number(v, digits)
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	return s
}

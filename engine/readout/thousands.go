package readout

import (
	"strconv"
	"strings"
)

// Thousands writes v with digits decimals and a comma between thousands ("2,400.0",
// "1,154.2", "25,000"): the one formatter of the figures the readouts, the charts' labels and
// the explainer's prose state, so the three agree to the digit. (Few calls: each costs the
// widget's wasm its share of the 4.2 MB transfer budget.)
func Thousands(v float64, digits int) string {
	s := strconv.FormatFloat(v, 'f', digits, 64)
	end := strings.IndexByte(s, '.')
	if end < 0 {
		end = len(s)
	}
	start := 0
	if s[0] == '-' {
		start = 1
	}
	for i := end - 3; i > start; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

package figures

import (
	"time"

	"layoutlab/front/boundary"
)

func ab() *boundary.AdviseBoundary { return boundary.Advise() }

// Advise is the advisor's sink (wasm/advise): how long the last advice took, and the longest
// stretch of Go between two yields with the status lines as it began and ended.
type Advise struct {
	w           Writer
	longest     time.Duration
	stretchFrom string
}

// NewAdvise is the advisor's sink writing to w.
func NewAdvise(w Writer) *Advise { return &Advise{w: w} }

// StretchBegins notes that a stretch of Go begins while the status line says status.
func (s *Advise) StretchBegins(status string) { s.stretchFrom = status }

// StretchEnds notes that the stretch under way ended, d long, while the status line says
// status; the longest is kept, with the lines shown as it began and ended.
func (s *Advise) StretchEnds(d time.Duration, status string) {
	if d > s.longest {
		s.longest = d
		s.w.Set(ab().LongestGo, ms(d))
		s.w.Set(ab().LongestWhat, s.stretchFrom+" → "+status)
	}
}

// Advised notes an advice given in d.
func (s *Advise) Advised(d time.Duration) { s.w.Set(ab().AdviseMs, ms(d)) }

// Package updatescript runs a portable front's Update (front/widget, front/tablepage) under
// datadriven scripts: each command is read as the events it gives, each is given to Update in
// turn, and the command prints the effects Update asked for, one a line, then the model. Only
// tests import it.
package updatescript

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// Script is a front's model and Update, and how its tests read and print them.
type Script[M, E, F any] struct {
	Model  M
	Update func(M, E) (M, []F)
	// Events reads a command as the events it gives; it may set the model up itself.
	Events func(t *testing.T, d *datadriven.TestData, m *M) []E
	// Effect is an effect's line; it may keep the effect, for a later command to answer.
	Effect func(F) string
	// Show is the model's line.
	Show func(*M) string
}

// Run runs each script under dir with the Script fresh makes for it. Rewrite the expected output
// with -rewrite.
func Run[M, E, F any](t *testing.T, dir string, fresh func() *Script[M, E, F]) {
	datadriven.Walk(t, dir, func(t *testing.T, path string) {
		s := fresh()
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			var b strings.Builder
			for _, ev := range s.Events(t, d, &s.Model) {
				var fx []F
				s.Model, fx = s.Update(s.Model, ev)
				for _, e := range fx {
					b.WriteString(s.Effect(e) + "\n")
				}
			}
			b.WriteString(s.Show(&s.Model) + "\n")
			return b.String()
		})
	})
}

// Name is an event's or an effect's name as a script prints it: its type's, in lower case.
func Name(v any) string { return strings.ToLower(reflect.TypeOf(v).Name()) }

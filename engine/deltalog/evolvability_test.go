package deltalog

import (
	"bufio"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestUnknownActionsAndFieldsIgnored: keys a newer writer adds beside a known action, unknown
// fields inside one, and lines of unknown keys only are ignored as Delta's SingleAction.unwrap
// ignores them; a lone unknown object is carried as a RawAction.
func TestUnknownActionsAndFieldsIgnored(t *testing.T) {
	const in = `{"commitInfo":{"timestamp":5,"operation":"WRITE"},"some_new_action_alongside_add_action":["a","1"]}
{"add":{"path":"a","size":3,"some_new_column_in_add_action":1,"partitionValues":{}},"some_new_action_alongside_add_action":["a","1"]}
{"futureAction":7}
{"futureA":{"x":1},"futureB":{"y":2}}
{"some_new_action":{"a":1}}
`
	c, err := parseCommitText(4, strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, a := range c.Actions {
		keys = append(keys, a.ActionKey())
	}
	if want := []string{KeyCommitInfo, KeyAdd, "some_new_action"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("actions %q, want %q", keys, want)
	}
	if add := c.Actions[1].(AddFile); add.Path != "a" || add.Size != 3 {
		t.Errorf("add read as %+v", add)
	}
	if _, err := parseCommitText(4, strings.NewReader(`{"add":{"path":"a","size":1},"remove":{"path":"b"},"x":{}}`)); err == nil {
		t.Errorf("two known actions on one line accepted")
	}
}

// TestCommitInfoLineThatIsNot: a line that starts with {"commitInfo" but holds another action
// (or a null commitInfo) is not taken for the version's commitInfo, and does not panic.
func TestCommitInfoLineThatIsNot(t *testing.T) {
	m := fstest.MapFS{"c.json": {Data: []byte(`{"commitInfo":null,"add":{"path":"a","size":1}}
{"commitInfo":{"timestamp":9,"operation":"WRITE"}}
`)}}
	ci, err := readCommitInfo(m, "c.json", 3, bufio.NewReader(nil))
	if err != nil || ci.Operation != "WRITE" || *ci.Version != 3 {
		t.Fatalf("got %+v, %v", ci, err)
	}
}

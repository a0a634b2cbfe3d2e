//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// crashDatabases lists the --database of every running chrome_crashpad_handler.
func crashDatabases(t *testing.T) []string {
	t.Helper()
	procs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	var dbs []string
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // the process ended
		}
		args := strings.Split(string(b), "\x00")
		if !strings.HasSuffix(args[0], "chrome_crashpad_handler") {
			continue
		}
		for _, a := range args[1:] {
			if db, ok := strings.CutPrefix(a, "--database="); ok {
				dbs = append(dbs, db)
			}
		}
	}
	return dbs
}

// TestBrowserKeepsItsStateInItsTest: a test's browser keeps its crash database (and dconf's
// cache) in the test's own directory, not in the user's HOME, where every browser on the
// machine, of this run and of any other, would share one.
func TestBrowserKeepsItsStateInItsTest(t *testing.T) {
	browser(t)
	// The test's directories are named after it (testing.T.TempDir).
	dbs := crashDatabases(t)
	for _, db := range dbs {
		if strings.Contains(db, t.Name()) {
			return
		}
	}
	t.Errorf("no crash handler keeps its database in this test's directory; the handlers' databases: %q", dbs)
}

// TestBrowserKeepsItsSocketInItsTest: the browser's singleton socket lives in a directory under
// TMPDIR that Chromium never removes (org.chromium.Chromium.*: a full run used to leave over a
// thousand in /tmp); the test's browser makes it in a directory of its own, removed as the
// browser closes.
func TestBrowserKeepsItsSocketInItsTest(t *testing.T) {
	_, closeIt := newBrowser(t)
	var profiles []string
	procs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // the process ended
		}
		for _, a := range strings.Split(string(b), "\x00") {
			if dir, ok := strings.CutPrefix(a, "--user-data-dir="); ok && strings.Contains(dir, t.Name()) {
				profiles = append(profiles, dir)
			}
		}
	}
	if len(profiles) == 0 {
		t.Fatal("no browser runs with a profile in this test's directory")
	}
	socket, err := os.Readlink(filepath.Join(profiles[0], "SingletonSocket"))
	if err != nil {
		t.Fatalf("the browser's singleton socket: %v", err)
	}
	closeIt()
	if _, err := os.Stat(filepath.Dir(socket)); !os.IsNotExist(err) {
		t.Errorf("the browser's singleton socket's directory %s is still there once it closed (%v)", filepath.Dir(socket), err)
	}
}

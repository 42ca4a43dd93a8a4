package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

// TestOceanFetchWhileServing fetches one float from a local GDAC into a new
// store, serves it, then fetches a second float while the server runs: the
// fetch can write the store the server reads, and the server answers with
// the new float without a restart.
func TestOceanFetchWhileServing(t *testing.T) {
	gdac := httptest.NewServer(http.FileServer(http.Dir(oceantest.GDAC(t))))
	defer gdac.Close()
	dir := t.TempDir()
	t.Setenv("CAIRN_OCEAN_PG_DSN", "")
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")
	out, errOut, err := runCairn(t, "ocean", "--ocean-dir", dir, "fetch", "--gdac", gdac.URL, "--float", "2902269")
	if err != nil || !strings.Contains(out, "failed 0 files of 1 floats") || !strings.Contains(out, "ingested") {
		t.Fatalf("fetch: %v\n%s", err, out)
	}
	if !strings.Contains(errOut, "files") {
		t.Errorf("no progress bar on stderr: %q", errOut)
	}

	c := &cli{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	mux, closeAll, served := newServeMux(context.Background(), c, serveRoutes(&oceanFlags{dir: dir}))
	defer closeAll()
	if len(served) != 1 {
		t.Fatalf("served %v", served)
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	floats := func() int {
		resp, err := http.Get(srv.URL + "/api/v1/ocean/health")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var h struct{ Floats int }
		json.NewDecoder(resp.Body).Decode(&h)
		return h.Floats
	}
	if n := floats(); n != 1 {
		t.Fatalf("server sees %d floats, want 1", n)
	}
	out, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "fetch", "--gdac", gdac.URL, "--float", "2901623")
	if err != nil {
		t.Fatalf("fetch while serving: %v\n%s", err, out)
	}
	deadline := time.Now().Add(5 * time.Second)
	for floats() != 2 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if n := floats(); n != 2 {
		t.Errorf("after the second fetch the server sees %d floats, want 2", n)
	}

	for _, bad := range []struct {
		args []string
		says string
	}{
		{[]string{"--float", "12ab"}, `--float "12ab": want a WMO number`},
		{[]string{"--region", "Sargasso"}, `--region "Sargasso": not a sea this knows (Arabian Sea,`},
		{[]string{"--region", "5,25,50"}, "want SOUTH,NORTH,WEST,EAST"},
		{[]string{"--since", "March"}, `--since "March": want a date YYYY-MM-DD`},
		{nil, "give --float, --region or --since (or --all"},
	} {
		_, _, err := runCairn(t, append([]string{"ocean", "--ocean-dir", dir, "fetch", "--gdac", gdac.URL}, bad.args...)...)
		if err == nil || !strings.Contains(err.Error(), bad.says) {
			t.Errorf("fetch %v: %v, want an error saying %s", bad.args, err, bad.says)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
)

func TestOceanCLIAndServe(t *testing.T) {
	gdac := oceantest.GDAC(t)
	docDir := oceantest.Docs(t)
	dir := t.TempDir()
	t.Setenv("CAIRN_OCEAN_PG_DSN", "")
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")

	if _, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ask", "hello"); err == nil || !strings.Contains(err.Error(), "cairn ocean ingest") {
		t.Errorf("ask before ingest: %v", err)
	}
	out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ingest", gdac)
	wantUnsupported := "unsupported 1" // the NetCDF-4 Sprof file, without -tags netcdf4
	if netcdf.ReadsNetCDF4() {
		wantUnsupported = "unsupported 0"
	}
	if err != nil || !strings.Contains(out, "failed 0") || !strings.Contains(out, wantUnsupported) {
		t.Fatalf("ingest: %v\n%s", err, out)
	}
	out, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "ingest", gdac)
	if err != nil || !strings.Contains(out, "ingested 0,") {
		t.Errorf("re-ingest: %v\n%s", err, out)
	}
	if out, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "docs", "add", docDir); err != nil || !strings.Contains(out, "passages") {
		t.Fatalf("docs add: %v\n%s", err, out)
	}
	out, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "ask", "--json", "What does QC flag 4 mean?")
	if err != nil {
		t.Fatal(err)
	}
	var resp struct {
		Success   bool `json:"success"`
		Citations []struct {
			File    string `json:"file"`
			Section string `json:"section"`
		} `json:"citations"`
	}
	if err := json.Unmarshal([]byte(out), &resp); err != nil || !resp.Success || len(resp.Citations) == 0 {
		t.Errorf("ask --json: %v\n%s", err, out)
	}
	out, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "sql", "SELECT count(*) AS n FROM argo_float_metadata")
	if err != nil || !strings.Contains(out, "15") {
		t.Errorf("sql: %v\n%s", err, out)
	}
	if _, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "sql", "DROP TABLE argo_float_metadata"); err == nil || !strings.Contains(err.Error(), "rejected") {
		t.Errorf("sql DROP: %v", err)
	}

	// serve's mux with the ocean routes
	c := &cli{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	mux, closeAll, served := newServeMux(context.Background(), c, serveRoutes(&oceanFlags{dir: dir}))
	defer closeAll()
	if len(served) != 1 || served[0] != "ocean" {
		t.Fatalf("served = %v", served)
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	r, err := http.Post(srv.URL+"/api/v1/agent/query", "application/json", strings.NewReader(`{"query":"Where is float 2902269?"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var got map[string]any
	json.NewDecoder(r.Body).Decode(&got)
	if r.StatusCode != 200 || !strings.Contains(got["response"].(string), "2902269") {
		t.Errorf("%d %v", r.StatusCode, got)
	}
	for _, path := range []string{"/healthz", "/api/v1/health"} {
		h, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		var hb struct {
			Status  string   `json:"status"`
			Systems []string `json:"systems"`
		}
		err = json.NewDecoder(h.Body).Decode(&hb)
		h.Body.Close()
		if err != nil || h.StatusCode != 200 || hb.Status != "ok" || len(hb.Systems) != 1 || hb.Systems[0] != "ocean" {
			t.Errorf("%s: %d %+v %v", path, h.StatusCode, hb, err)
		}
	}
}

func TestServeWithoutOceanStore(t *testing.T) {
	var logs bytes.Buffer
	c := &cli{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, log: slog.New(slog.NewTextHandler(&logs, nil))}
	dir := t.TempDir()
	mux, closeAll, served := newServeMux(context.Background(), c, serveRoutes(&oceanFlags{dir: dir}))
	defer closeAll()
	if len(served) != 0 {
		t.Errorf("served %v without a store", served)
	}
	if !strings.Contains(logs.String(), "no ocean store in "+dir) {
		t.Errorf("warning does not name the missing store: %s", logs.String())
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	r, err := http.Post(srv.URL+"/api/v1/agent/query", "application/json", strings.NewReader(`{"query":"hi"}`))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusNotFound {
		t.Errorf("query without ocean: %d", r.StatusCode)
	}
}

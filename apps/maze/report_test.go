package maze

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/maze/grid"
)

// writeRun runs smallRun into a directory and returns it.
func writeRun(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	c := mustConfig(t, smallRun)
	ef, _ := os.Create(filepath.Join(dir, EpisodesFile))
	sf, _ := os.Create(filepath.Join(dir, StepsFile))
	if _, err := Run(context.Background(), c, RunOptions{Episodes: ef, Steps: sf}); err != nil {
		t.Fatal(err)
	}
	ef.Close()
	sf.Close()
	return dir
}

func TestReportRendersRun(t *testing.T) {
	dir := writeRun(t)
	res, err := LoadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 {
		t.Fatalf("problems reading a good run: %v", res.Problems)
	}
	var b bytes.Buffer
	if err := WriteReport(&b, res); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		"<svg", "success rate, random noise", "path optimality, delayed noise", "tool query rate, biased noise",
		"<polyline", "Sample mazes", "followed the planner", "llm_solver", "random@0.9",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(html, "<script") || strings.Contains(html, "http://") && !strings.Contains(html, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Error("report is not self-contained")
	}
	// 2 mazes × 3 strategies × 2 noise levels drawn.
	if n := strings.Count(html, `class="pic"`); n != 12 {
		t.Errorf("%d maze pictures, want 12", n)
	}
	// Same results, same report.
	var b2 bytes.Buffer
	WriteReport(&b2, res)
	if b2.String() != html {
		t.Error("report is not deterministic")
	}
}

func TestReportSurvivesCorruptResults(t *testing.T) {
	dir := writeRun(t)
	eps := filepath.Join(dir, EpisodesFile)
	raw, _ := os.ReadFile(eps)
	lines := strings.SplitAfter(string(raw), "\n")
	n := len(lines) - 1 // the last element is empty
	// Corrupt line 3, blank out a field on line 5 and truncate the last.
	lines[2] = "{\"episode\": 2, \"strat\x00\n"
	lines[4] = strings.Replace(lines[4], `"strategy":"`, `"strategy":"","x":"`, 1)
	lines[n-1] = lines[n-1][:len(lines[n-1])/2]
	os.WriteFile(eps, []byte(strings.Join(lines, "")), 0o644)

	res, err := LoadResults(eps)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Episodes) != n-3 {
		t.Errorf("%d episodes kept of %d lines with 3 bad", len(res.Episodes), n)
	}
	var lineNos []int
	for _, p := range res.Problems {
		var le *LineError
		if errors.As(p, &le) {
			lineNos = append(lineNos, le.Line)
		}
	}
	if len(lineNos) != 3 || lineNos[0] != 3 || lineNos[1] != 5 || lineNos[2] != n {
		t.Errorf("bad lines reported %v, want [3 5 %d]: %v", lineNos, n, res.Problems)
	}
	var b bytes.Buffer
	if err := WriteReport(&b, res); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{"episodes.jsonl line 3:", "episodes.jsonl line 5: no strategy", "<svg", "Sample mazes"} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

func TestReportWithoutSteps(t *testing.T) {
	dir := writeRun(t)
	os.Remove(filepath.Join(dir, StepsFile))
	res, err := LoadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteReport(&b, res)
	if !strings.Contains(b.String(), "no trajectories") || strings.Contains(b.String(), "Sample mazes") {
		t.Error("report without steps should say so and draw no mazes")
	}
	if _, err := LoadResults(filepath.Join(dir, "nope")); err == nil {
		t.Error("missing results: no error")
	}
}

func TestReportEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := WriteReport(&b, &Results{Source: "x", Problems: []error{errors.New("x line 1: junk")}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "No valid episode records") || !strings.Contains(b.String(), "x line 1: junk") {
		t.Error(b.String())
	}
}

// FuzzReadEpisodes: any input is either records or named bad lines, and a
// report renders from whatever was read.
func FuzzReadEpisodes(f *testing.F) {
	f.Add([]byte(`{"episode":0,"strategy":"follow","noise":"none","noise_kind":"none","generator":"prim","size":8,"optimal":6,"step_limit":24,"steps":6,"success":true}` + "\n"))
	f.Add([]byte("{\"episode\":1,\n\n{}\n"))
	f.Add([]byte(`{"strategy":"greedy","noise":"random@0.3","size":-1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, bad, err := ReadEpisodes(bytes.NewReader(data), "f.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			var le *LineError
			if !errors.As(b, &le) || le.Line < 1 {
				t.Fatalf("bad line without a line number: %v", b)
			}
		}
		for _, r := range recs {
			if r.check() != nil {
				t.Fatalf("kept an invalid record %+v", r)
			}
		}
		if len(recs) > 0 && len(recs) < 50 {
			var out bytes.Buffer
			if err := WriteReport(&out, &Results{Source: "f", Episodes: recs, Problems: bad}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestShow(t *testing.T) {
	var b bytes.Buffer
	rec, err := Show(context.Background(), &b, ShowOptions{
		Maze: grid.Spec{Generator: grid.Backtracker, W: 11, H: 11}, Seed: 4, Strategy: Follow,
		Noise: Noise{Kind: RandomNoise, Level: 0.3, Direction: grid.NoAction},
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 11 || len(lines[0]) != 11 || lines[0][0] != 'S' || !strings.Contains(b.String(), "G") {
		t.Fatalf("drawing:\n%s", b.String())
	}
	if rec.Followed > 0 && !strings.ContainsAny(b.String(), "*!") {
		t.Errorf("followed steps not marked:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "follow, noise random@0.3, backtracker 11×11") {
		t.Errorf("summary line:\n%s", b.String())
	}
	if _, err := Show(context.Background(), &b, ShowOptions{Maze: grid.Spec{Generator: grid.Prim, W: 2}, Strategy: Greedy}); err == nil {
		t.Error("size 2 accepted")
	}
}

func TestParseNoise(t *testing.T) {
	for in, want := range map[string]string{"none": "none", "": "none", "random@0.3": "random@0.3", "delayed@0.9": "delayed@0.9",
		"delayed@0.9,delay=3": "delayed@0.9", "delayed@0.5,delay=7": "delayed@0.5,delay=7", "biased@0.5,direction=left": "biased@0.5,direction=left"} {
		n, err := ParseNoise(in)
		if err != nil || n.Name() != want {
			t.Errorf("ParseNoise(%q) = %v, %v", in, n.Name(), err)
		}
	}
	for _, in := range []string{"random", "random@x", "random@0.95", "fog@0.1", "random@0.3,delay=2", "delayed@0.3,delay=x",
		"delayed@0.3,delay=0", "biased@0.3,direction=north", "biased@0.3,speed=2"} {
		if _, err := ParseNoise(in); err == nil {
			t.Errorf("ParseNoise(%q) accepted", in)
		}
	}
}

// TestNoiseProfilesDifferingInDelayOrDirection: two delayed profiles with
// different delays (or biased ones with different directions) are
// different conditions with different labels; the same one twice is not.
func TestNoiseProfilesDifferingInDelayOrDirection(t *testing.T) {
	base := "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nnoise:\n"
	c := mustConfig(t, base+"  - {kind: delayed, levels: [0.5], delay: 2}\n  - {kind: delayed, levels: [0.5], delay: 5}\n"+
		"  - {kind: biased, levels: [0.5], direction: left}\n  - {kind: biased, levels: [0.5], direction: right}\n")
	var names []string
	for _, n := range c.Noises() {
		names = append(names, n.Name())
	}
	if got := strings.Join(names, " "); got != "delayed@0.5,delay=2 delayed@0.5,delay=5 biased@0.5,direction=left biased@0.5,direction=right" {
		t.Errorf("names = %s", got)
	}
	if _, err := ParseConfig([]byte(base+"  - {kind: delayed, levels: [0.5], delay: 5}\n  - {kind: delayed, levels: [0.5], delay: 5}\n"), "testdata"); err == nil || !strings.Contains(err.Error(), "delayed@0.5,delay=5 given twice") {
		t.Errorf("duplicate profile: err = %v", err)
	}
}

// TestResultsHaveASizeLimit: an episodes file past the limit (or one that
// never ends, /dev/zero) is an error naming the file and the limit; a
// steps file past it is read up to the limit and the report says so.
func TestResultsHaveASizeLimit(t *testing.T) {
	dir := t.TempDir()
	c := mustConfig(t, "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 3\n")
	var eps, steps bytes.Buffer
	if _, err := Run(context.Background(), c, RunOptions{Episodes: &eps, Steps: &steps}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, EpisodesFile), eps.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, StepsFile), steps.Bytes(), 0o644)

	res, err := loadResults(dir, ByteSize(eps.Len()))
	if err != nil || len(res.Episodes) != 3 || len(res.Problems) != 1 || !errors.Is(res.Problems[0], ErrFileTooLarge) ||
		!strings.Contains(res.Problems[0].Error(), "steps.jsonl: file too large: more than") {
		t.Errorf("steps past the limit: %v, %+v", err, res)
	}
	_, err = loadResults(dir, ByteSize(eps.Len()-1))
	if !errors.Is(err, ErrFileTooLarge) || !strings.Contains(err.Error(), filepath.Join(dir, EpisodesFile)) {
		t.Errorf("episodes past the limit: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := loadResults("/dev/zero", 8<<20)
		if !errors.Is(err, ErrFileTooLarge) || !strings.Contains(err.Error(), "/dev/zero") || !strings.Contains(err.Error(), "8 MiB") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}

// TestBadLinesAreBounded: a file of garbage yields at most maxBadLines
// errors and one counting the rest.
func TestBadLinesAreBounded(t *testing.T) {
	_, bad, err := ReadEpisodes(strings.NewReader(strings.Repeat("x\n", 3*maxBadLines)), "f.jsonl")
	if err != nil || len(bad) != maxBadLines+1 || !strings.Contains(bad[maxBadLines].Error(), "2000 more bad lines") {
		t.Errorf("%d bad, %v; last %v", len(bad), err, bad[len(bad)-1])
	}
}

package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var updateDiagrams = flag.Bool("update", false, "rewrite the generated graph diagrams in the Markdown docs")

// diagramBlock is a generated diagram in Markdown: a marker naming the
// system, then its Mermaid block.
var diagramBlock = regexp.MustCompile("(?s)(<!-- cairn graph ([a-z0-9_-]+)[^>]*-->\n```mermaid\n)(.*?)```\n")

// TestDiagramsMatchTheCode fails when a graph diagram committed in the docs
// differs from the graph the system's code builds, or a system has none.
// go test ./cmd/cairn -run TestDiagramsMatchTheCode -update rewrites them.
func TestDiagramsMatchTheCode(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := filepath.Glob(filepath.Join(root, "apps", "*", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root, "README.md"), filepath.Join(root, "docs", "architecture.md"))
	drawn := map[string]bool{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		var failed bool
		out := diagramBlock.ReplaceAllStringFunc(text, func(block string) string {
			m := diagramBlock.FindStringSubmatch(block)
			head, name, body := m[1], m[2], m[3]
			info, err := graphOf(name)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				failed = true
				return block
			}
			drawn[name] = true
			want := mermaidGraph(info, nil)
			if body != want && !*updateDiagrams {
				t.Errorf("%s: the diagram of %s differs from the code; run go test ./cmd/cairn -run TestDiagramsMatchTheCode -update\ncommitted:\n%s\ncode:\n%s", f, name, body, want)
			}
			return head + want + "```\n"
		})
		if *updateDiagrams && !failed && out != text {
			if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("updated %s", f)
		}
	}
	for _, s := range systemGraphs {
		if !drawn[s.name] {
			t.Errorf("no doc draws the graph of %s: add <!-- cairn graph %s --> and an empty ```mermaid block to its README, then run with -update", s.name, s.name)
		}
	}
}

// TestReadmeNamesEverySystem keeps the README's list true as systems
// land: every command in the help's Systems group has a row in its table,
// and every system drawn by cairn graph is named in its opening.
func TestReadmeNamesEverySystem(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	intro, _, _ := strings.Cut(readme, "## ")
	root := newRootCmd(io.Discard, io.Discard)
	for _, cmd := range root.Commands() {
		if cmd.GroupID == "systems" && !strings.Contains(readme, "| `cairn "+cmd.Name()) {
			t.Errorf("README's table has no row for the system command %q", cmd.Name())
		}
	}
	for _, s := range systemGraphs {
		if s.name != "howto" && !strings.Contains(intro, s.name) {
			t.Errorf("README's opening does not name the system %q", s.name)
		}
	}
}

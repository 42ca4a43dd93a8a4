package layers

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

const module = "github.com/cairn-agents/cairn"

// lower are the top-level directories that must not import apps/ or cmd/.
var lower = []string{"event", "llm", "tool", "mcp", "flow", "trace", "geo", "netcdf", "ocean", "understand", "eventdata"}

// violations parses the imports of every .go file (tests included) in
// fsys, a module root, and returns one line per import that breaks the
// rule, and how many files it read.
func violations(fsys fs.FS) (bad []string, files int, err error) {
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		top, rest, _ := strings.Cut(p, "/")
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ImportsOnly)
		if err != nil {
			return fmt.Errorf("parse %s: %w", p, err)
		}
		files++
		for _, im := range f.Imports {
			ip := strings.Trim(im.Path.Value, `"`)
			rel, ok := strings.CutPrefix(ip, module+"/")
			if !ok {
				continue
			}
			target, _, _ := strings.Cut(rel, "/")
			switch {
			case slices.Contains(lower, top) && (target == "apps" || target == "cmd"):
				bad = append(bad, fmt.Sprintf("%s imports %s", p, ip))
			case top == "apps" && target == "cmd":
				bad = append(bad, fmt.Sprintf("%s imports %s", p, ip))
			case top == "apps" && target == "apps":
				system, _, _ := strings.Cut(rest, "/")
				other := strings.Split(rel, "/")
				if len(other) > 1 && other[1] != system {
					bad = append(bad, fmt.Sprintf("%s imports another system, %s", p, ip))
				}
			}
		}
		return nil
	})
	return bad, files, err
}

// repoRoot walks up from the working directory to the directory of go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

func TestImportsPointDown(t *testing.T) {
	root := repoRoot(t)
	bad, files, err := violations(os.DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
	// The walk must have seen the packages it guards.
	if files < 100 {
		t.Errorf("read %d Go files under %s; the walk missed the repository", files, root)
	}
	for _, dir := range lower {
		if _, err := os.Stat(filepath.Join(root, dir)); err != nil {
			t.Errorf("%s: %v (update the list in this test)", dir, err)
		}
	}
}

func TestViolationsFindsBadImports(t *testing.T) {
	file := func(pkg string, imports ...string) *fstest.MapFile {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport (\n", pkg)
		for _, im := range imports {
			fmt.Fprintf(&b, "\t%q\n", im)
		}
		b.WriteString(")\n")
		return &fstest.MapFile{Data: []byte(b.String())}
	}
	fsys := fstest.MapFS{
		"go.mod":                    {Data: []byte("module " + module + "\n")},
		"flow/ok.go":                file("flow", module+"/event", "context"),
		"flow/bad_test.go":          file("flow", module+"/apps/ocean"),
		"ocean/store/bad.go":        file("store", module+"/cmd/cairn"),
		"apps/maze/ok.go":           file("maze", module+"/apps/maze/grid", module+"/llm"),
		"apps/maze/bad.go":          file("maze", module+"/apps/ocean"),
		"apps/ocean/bad.go":         file("ocean", module+"/cmd/cairn"),
		"cmd/cairn/ok.go":           file("main", module+"/apps/ocean"),
		"flow/testdata/ignored.go":  file("x", module+"/apps/ocean"),
		"internal/howto/ok_test.go": file("howto", module+"/flow"),
	}
	bad, files, err := violations(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if files != 8 {
		t.Errorf("read %d files, want 8 (testdata skipped)", files)
	}
	want := []string{
		"apps/maze/bad.go imports another system, " + module + "/apps/ocean",
		"apps/ocean/bad.go imports " + module + "/cmd/cairn",
		"flow/bad_test.go imports " + module + "/apps/ocean",
		"ocean/store/bad.go imports " + module + "/cmd/cairn",
	}
	slices.Sort(bad)
	if !slices.Equal(bad, want) {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(bad, "\n"), strings.Join(want, "\n"))
	}
}

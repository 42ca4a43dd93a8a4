package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// fakeFlags are the flags of a test-only "fake run" subcommand.
type fakeFlags struct {
	ran      bool
	parallel int
	seeds    []int
	tags     []string
	timeout  time.Duration
	verbose  bool
	model    string // the global --model as "fake run" saw it
	logLevel string
}

// runWithConfig writes yml to a config file and runs cairn with args plus
// --config FILE, with a "fake run" subcommand added to the real root.
func runWithConfig(t *testing.T, yml string, args ...string) (*fakeFlags, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cairn.yaml")
	if err := os.WriteFile(path, []byte(yml), 0o600); err != nil {
		t.Fatal(err)
	}
	return runFake(t, append(args, "--config", path)...)
}

func runFake(t *testing.T, args ...string) (*fakeFlags, error) {
	t.Helper()
	var out, errb bytes.Buffer
	root, c := newCLI(&out, &errb)
	ff := &fakeFlags{}
	fake := &cobra.Command{Use: "fake"}
	fake.PersistentFlags().BoolVar(&ff.verbose, "verbose", false, "")
	run := &cobra.Command{
		Use: "run",
		// Its own hook: the root's must still run (config, logging).
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(*cobra.Command, []string) error {
			ff.ran, ff.model, ff.logLevel = true, c.model, c.logLevel
			return nil
		},
	}
	run.Flags().IntVar(&ff.parallel, "parallel", 1, "")
	run.Flags().IntSliceVar(&ff.seeds, "seeds", []int{7}, "")
	run.Flags().StringSliceVar(&ff.tags, "tags", nil, "")
	run.Flags().DurationVar(&ff.timeout, "timeout", time.Minute, "")
	fake.AddCommand(run)
	other := &cobra.Command{Use: "other", RunE: func(*cobra.Command, []string) error { return nil }}
	other.Flags().Int("depth", 0, "")
	fake.AddCommand(other)
	root.AddCommand(fake)
	root.SetArgs(args)
	err := root.Execute()
	return ff, err
}

func TestConfigGlobalKeys(t *testing.T) {
	ff, err := runWithConfig(t, "model: ollama:qwen3:8b\nlog-level: debug\n", "fake", "run")
	if err != nil {
		t.Fatal(err)
	}
	if !ff.ran || ff.model != "ollama:qwen3:8b" || ff.logLevel != "debug" {
		t.Fatalf("got model %q log-level %q ran %v; want the config's values", ff.model, ff.logLevel, ff.ran)
	}
}

func TestConfigNestedSubcommandKeys(t *testing.T) {
	yml := `
fake:
  verbose: true
  run:
    parallel: 4
    timeout: 90s
  other:
    depth: 3
`
	ff, err := runWithConfig(t, yml, "fake", "run")
	if err != nil {
		t.Fatal(err)
	}
	if ff.parallel != 4 || ff.timeout != 90*time.Second || !ff.verbose {
		t.Fatalf("parallel %d timeout %v verbose %v; want 4, 90s, true", ff.parallel, ff.timeout, ff.verbose)
	}
}

func TestConfigDeeperSectionOverridesGlobal(t *testing.T) {
	ff, err := runWithConfig(t, "model: ollama:big\nfake:\n  model: none\n", "fake", "run")
	if err != nil {
		t.Fatal(err)
	}
	if ff.model != "none" {
		t.Fatalf("model %q; want the fake section's value", ff.model)
	}
}

func TestConfigCommandLineWins(t *testing.T) {
	yml := "model: ollama:big\nfake:\n  model: ollama:mid\n  run:\n    parallel: 4\n    seeds: [1, 2]\n"
	ff, err := runWithConfig(t, yml, "fake", "run", "--model", "openai:small", "--parallel", "2", "--seeds", "9")
	if err != nil {
		t.Fatal(err)
	}
	if ff.model != "openai:small" || ff.parallel != 2 || !slices.Equal(ff.seeds, []int{9}) {
		t.Fatalf("model %q parallel %d seeds %v; want the command line's", ff.model, ff.parallel, ff.seeds)
	}
}

func TestConfigListValues(t *testing.T) {
	yml := "fake:\n  run:\n    seeds: [1, 2, 3]\n    tags: [coast, \"a,b\"]\n"
	ff, err := runWithConfig(t, yml, "fake", "run")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ff.seeds, []int{1, 2, 3}) {
		t.Errorf("seeds %v; want [1 2 3] replacing the default", ff.seeds)
	}
	if !slices.Equal(ff.tags, []string{"coast", "a,b"}) {
		t.Errorf("tags %v; want each list item kept whole", ff.tags)
	}

	ff, err = runWithConfig(t, "fake:\n  run:\n    seeds: 5,6\n    tags: []\n", "fake", "run")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ff.seeds, []int{5, 6}) || len(ff.tags) != 0 {
		t.Errorf("seeds %v tags %v; want a scalar parsed like the command line, an empty list empty", ff.seeds, ff.tags)
	}
}

func TestConfigErrorsNameTheKey(t *testing.T) {
	for _, tc := range []struct {
		name, yml, want string
	}{
		{"unknown global", "modle: x\n", `key "modle": "cairn" has no flag --modle`},
		{"unknown nested", "fake:\n  run:\n    paralel: 4\n", `key "fake.run.paralel": "cairn fake run" has no flag --paralel`},
		{"unknown in a section not running", "fake:\n  other:\n    dept: 4\n", `key "fake.other.dept"`},
		{"unknown command", "fake:\n  walk:\n    x: 1\n", `key "fake.walk": "cairn fake" has no subcommand "walk"`},
		{"bad int", "fake:\n  run:\n    parallel: lots\n", `key "fake.run.parallel": "lots" is not a valid int for --parallel`},
		{"bad list item", "fake:\n  run:\n    seeds: [1, two]\n", `key "fake.run.seeds": "two" is not a valid int for --seeds`},
		{"bad duration in other section", "fake:\n  run:\n    timeout: soon\n", `key "fake.run.timeout"`},
		{"list for a scalar flag", "model: [a, b]\n", `key "model": flag --model takes one value, not a list`},
		{"mapping for a flag", "model:\n  a: b\n", `key "model": flag --model wants a value, not a mapping`},
		{"scalar for a command", "fake: 3\n", `key "fake": names the command "cairn fake"`},
		{"empty value", "model:\n", `key "model": has no value`},
		{"reserved", "config: other.yaml\n", `key "config"`},
		{"local flag of another command", "depth: 3\n", `key "depth": "cairn" has no flag --depth`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ff, err := runWithConfig(t, tc.yml, "fake", "run")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v; want it to contain %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), "cairn.yaml") {
				t.Errorf("error %q does not name the file", err)
			}
			if ff.ran {
				t.Error("command ran despite a bad config")
			}
		})
	}
}

func TestConfigFileErrors(t *testing.T) {
	_, err := runFake(t, "fake", "run", "--config", filepath.Join(t.TempDir(), "missing.yaml"))
	if err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Fatalf("missing file: err = %v", err)
	}
	_, err = runWithConfig(t, "model: [unclosed\n", "fake", "run")
	if err == nil || !strings.Contains(err.Error(), "yaml") {
		t.Fatalf("bad YAML: err = %v", err)
	}
}

func TestConfigFromEnvironment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "env.yaml")
	os.WriteFile(path, []byte("fake:\n  run:\n    parallel: 6\n"), 0o600)
	t.Setenv("CAIRN_CONFIG", path)
	ff, err := runFake(t, "fake", "run")
	if err != nil {
		t.Fatal(err)
	}
	if ff.parallel != 6 {
		t.Fatalf("parallel %d; want 6 from $CAIRN_CONFIG", ff.parallel)
	}
}

func TestBadLogLevel(t *testing.T) {
	_, err := runFake(t, "fake", "run", "--log-level", "loud")
	if err == nil || !strings.Contains(err.Error(), `--log-level "loud"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	root := newRootCmd(&out, &out)
	root.SetArgs([]string{"--version"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, "cairn version ") || !strings.Contains(got, versionString()) {
		t.Fatalf("--version printed %q", got)
	}
}

func TestVersionFromLdflags(t *testing.T) {
	old := version
	version = "v1.2.3"
	defer func() { version = old }()
	if got := versionString(); got != "v1.2.3" {
		t.Fatalf("versionString() = %q, want the -ldflags value", got)
	}
}

// "trace" is both the global --trace flag and the trace command: a scalar
// sets the flag, a mapping holds the command's flags.
func TestConfigKeyThatIsFlagAndCommand(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "run.jsonl")
	path := filepath.Join(dir, "c.yaml")
	os.WriteFile(path, []byte("trace: "+tr+"\n"), 0o600)
	var out, errb bytes.Buffer
	root, c := newCLI(&out, &errb)
	var seen string
	root.AddCommand(&cobra.Command{Use: "fake", RunE: func(*cobra.Command, []string) error { seen = c.tracePath; return nil }})
	root.SetArgs([]string{"fake", "--config", path})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	if seen != tr {
		t.Fatalf("--trace from config = %q, want %q", seen, tr)
	}

	os.WriteFile(path, []byte("trace:\n  show:\n    json: true\n    run: r\n"), 0o600)
	if _, err := runFake(t, "fake", "run", "--config", path); err != nil {
		t.Fatalf("trace section rejected: %v", err)
	}
	os.WriteFile(path, []byte("trace:\n  show:\n    jsn: true\n"), 0o600)
	if _, err := runFake(t, "fake", "run", "--config", path); err == nil || !strings.Contains(err.Error(), `key "trace.show.jsn"`) {
		t.Fatalf("err = %v, want one naming trace.show.jsn", err)
	}
}

package maze

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestConfigErrorsNameTheKey(t *testing.T) {
	base := "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n"
	for _, tc := range []struct{ yaml, want string }{
		{base + "colour: blue\n", `line 5: unknown key "colour"`},
		{base + "noise:\n  - kind: random\n    levels: [0.5]\n    sigma: 2\n", `unknown key "sigma"`},
		{"strategies: [follow]\nsizes: [8, -16]\nseeds: [1]\nepisodes: 1\n", "sizes[1]: -16"},
		{base + "noise:\n  - kind: random\n    levels: [0.5, 1.2]\n", "noise[0].levels[1]: 1.2"},
		{base + "noise:\n  - kind: random\n    levels: [0.5]\n  - kind: biased\n    levels: [-0.5]\n", "noise[1].levels[0]: -0.5"},
		{"strategies: [follow, astar]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n", "strategies[1]"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 0\n", "episodes: 0"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\ndensity: 0.95\n", "density: 0.95"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\ngenerators: [spiral]\n", "generators[0]"},
		{"strategies: [follow]\nsizes: [8]\nepisodes: 1\n", "seeds: empty"},
		{base + "noise_file: missing.yaml\n", "noise_file"},
		{"", "empty document"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 9000000000000000000\n", "more than 100000000 episodes"},
	} {
		_, err := ParseConfig([]byte(tc.yaml), "testdata")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("config %q:\n err = %v\nwant it to contain %q", tc.yaml, err, tc.want)
		}
	}
}

func TestNoiseFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) string {
		p := filepath.Join(dir, "noise.yaml")
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	_, err := LoadNoiseFile(write("profiles:\n  - kind: random\n    levels: [0.1, 0.91]\n"))
	if err == nil || !strings.Contains(err.Error(), "profiles[0].levels[1]: 0.91") {
		t.Errorf("level 0.91: %v", err)
	}
	_, err = LoadNoiseFile(write("profile:\n  - kind: random\n"))
	if err == nil || !strings.Contains(err.Error(), `line 1: unknown key "profile"`) {
		t.Errorf("unknown key: %v", err)
	}
}

func TestExampleConfigLoads(t *testing.T) {
	c, err := LoadConfig("testdata/experiment.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Noises()) != 16 || c.TotalEpisodes() != 3*2*3*2*5*16 {
		t.Errorf("example config: %d noises, %d episodes", len(c.Noises()), c.TotalEpisodes())
	}
}

// FuzzParseConfig: any document is a config that passes its own checks or
// an error; never a panic.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(smallRun))
	f.Add([]byte("strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\ndensity: 0.2\nstep_limit_factor: 3\n"))
	f.Add([]byte("noise: [{kind: delayed, levels: [0.5], delay: 4}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig(data, t.TempDir())
		if err != nil {
			return
		}
		if err := c.check(); err != nil {
			t.Fatalf("accepted config fails its check: %v", err)
		}
		if c.TotalEpisodes() <= 0 || len(c.Noises()) == 0 {
			t.Fatalf("accepted config runs nothing: %+v", c)
		}
	})
}

// goTypeNames matches what a config error must not show a user: Go type
// names and YAML tags.
var goTypeNames = regexp.MustCompile(`\b(u?int(8|16|32|64)?|float(32|64)|bool|string|struct)\b|\[\]|maze\.|grid\.|!!`)

// TestConfigReadsWholeNumbersOnly: a fraction where a whole number belongs
// is an error naming the key and the value (sizes: [8.5] ran as 8); a
// whole number written as a float is read.
func TestConfigReadsWholeNumbersOnly(t *testing.T) {
	base := "strategies: [follow]\nseeds: [1]\n"
	for _, tc := range []struct{ yaml, want string }{
		{base + "sizes: [8.5]\nepisodes: 1\n", "sizes[0]: 8.5: want a whole number"},
		{base + "sizes: [8, 16.25]\nepisodes: 1\n", "sizes[1]: 16.25"},
		{base + "sizes: [8]\nepisodes: 2.5\n", "episodes: 2.5"},
		{base + "sizes: [8]\nepisodes: 1\nstep_limit_factor: 3.5\n", "step_limit_factor: 3.5"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1.5]\nepisodes: 1\n", "seeds[0]: 1.5"},
		{base + "sizes: [8]\nepisodes: 1\nnoise: [{kind: delayed, levels: [0.5], delay: 2.5}]\n", "noise[0].delay: 2.5"},
	} {
		_, err := ParseConfig([]byte(tc.yaml), "testdata")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("config %q:\n err = %v\nwant it to contain %q", tc.yaml, err, tc.want)
		}
	}
	c := mustConfig(t, base+"sizes: [8.0, 1e2]\nepisodes: 2.0\n")
	if c.Sizes[0] != 8 || c.Sizes[1] != 100 || c.Episodes != 2 {
		t.Errorf("whole numbers written as floats: sizes %v, episodes %d", c.Sizes, c.Episodes)
	}
}

// TestConfigErrorsInUserTerms: every field of the wrong kind is named with
// its line, key path and value, and the message shows no Go type.
func TestConfigErrorsInUserTerms(t *testing.T) {
	base := "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n"
	for _, tc := range []struct{ yaml, want string }{
		{"strategies: [follow]\nsizes: [x]\nseeds: [1]\nepisodes: 1\n", `line 2: sizes[0]: x: want a whole number`},
		{"strategies: [follow]\nsizes: 8\nseeds: [1]\nepisodes: 1\n", "line 2: sizes: 8: want a list, e.g. [8, 16, 32]"},
		{"strategies: follow\nsizes: [8]\nseeds: [1]\nepisodes: 1\n", "strategies: follow: want a list"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [-1]\nepisodes: 1\n", "seeds[0]: -1: want a whole number from 0"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [18446744073709551616]\nepisodes: 1\n", "seeds[0]: 18446744073709551616"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 99999999999999999999\n", "episodes: 99999999999999999999: want a whole number"},
		{base + "density: thick\n", "line 5: density: thick: want a number"},
		{base + "density: .nan\n", "density: .nan: want a number"},
		{base + "trajectories: maybe\n", "trajectories: maybe: want true or false"},
		{base + "name: [a, b]\n", "name: a list: want one value"},
		{base + "noise: {kind: random}\n", "noise: a mapping: want a list"},
		{base + "noise: [random]\n", "noise[0]: random: want keys such as kind, levels"},
		{base + "noise: [{kind: random, levels: [high]}]\n", "noise[0].levels[0]: high: want a number"},
		{base + "noise: [{kind: random, levels: 0.5}]\n", "noise[0].levels: 0.5: want a list"},
		{base + "noise: [{kind: random, levels: [0.5], colour: 1}]\n", `unknown key "colour" in noise[0]; known keys: kind, levels, delay, direction`},
		{base + "sizes: [16]\n", "line 5: sizes: given twice (first on line 2)"},
		{base + "trajectory_budget: lots\n", `trajectory_budget: "lots": want a size such as 512MiB`},
		{base + "trajectory_budget: 0\n", "trajectory_budget: 0 B: want more than 0 bytes"},
		{"- follow\n- greedy\n", "the document: a list: want keys such as name, strategies"},
	} {
		_, err := ParseConfig([]byte(tc.yaml), "testdata")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("config %q:\n err = %v\nwant it to contain %q", tc.yaml, err, tc.want)
			continue
		}
		if m := goTypeNames.FindString(err.Error()); m != "" {
			t.Errorf("config %q: error %q shows %q", tc.yaml, err, m)
		}
	}
}

func TestTrajectoryBudget(t *testing.T) {
	base := "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n"
	if c := mustConfig(t, base); *c.TrajectoryBudget != DefaultTrajectoryBudget {
		t.Errorf("default budget %v", c.TrajectoryBudget)
	}
	for in, want := range map[string]ByteSize{"1.5GiB": 3 << 29, "200 kB": 200_000, "512mib": 512 << 20, "1000": 1000, "2GB": 2e9} {
		if c := mustConfig(t, base+"trajectory_budget: "+in+"\n"); *c.TrajectoryBudget != want {
			t.Errorf("trajectory_budget %s = %d, want %d", in, *c.TrajectoryBudget, want)
		}
	}
	for _, bad := range []string{"-1MiB", "1.5", "MiB", "1e30GiB", "10 parsecs"} {
		if _, err := ParseByteSize(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("ParseByteSize(%q): %v", bad, err)
		}
	}
	for n, want := range map[ByteSize]string{300: "300 B", 512 << 20: "512 MiB", 3 << 29: "1.5 GiB"} {
		if n.String() != want {
			t.Errorf("%d prints %q, want %q", n, n, want)
		}
	}
}

// TestConfigFilesHaveASizeLimit: a config or noise file that never ends
// (/dev/zero) or is larger than MaxConfigBytes is an error naming the file
// and the limit, read no further than the limit.
func TestConfigFilesHaveASizeLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", MaxConfigBytes)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		files = append(files, "/dev/zero")
	}
	for _, f := range files {
		_, err := LoadConfig(f)
		if err == nil || !strings.Contains(err.Error(), f) || !strings.Contains(err.Error(), "larger than 1 MiB") {
			t.Errorf("LoadConfig(%s): %v", f, err)
		}
		cfg := filepath.Join(dir, "exp.yaml")
		os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nnoise_file: "+f+"\n"), 0o644)
		_, err = LoadConfig(cfg)
		if err == nil || !strings.Contains(err.Error(), "noise_file: "+f) || !strings.Contains(err.Error(), "larger than 1 MiB") {
			t.Errorf("noise_file %s: %v", f, err)
		}
	}
}

// TestConfigAliasesAreBounded: anchors that expand a small file into
// millions of values are refused.
func TestConfigAliasesAreBounded(t *testing.T) {
	levels := strings.TrimSuffix(strings.Repeat("0.1, ", 1000), ", ")
	doc := "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n" +
		"x: &m {kind: random, levels: [" + levels + "]}\n" +
		"noise: [" + strings.TrimSuffix(strings.Repeat("*m, ", 200), ", ") + "]\n"
	_, err := ParseConfig([]byte(doc), "testdata")
	if err == nil || !strings.Contains(err.Error(), `unknown key "x"`) {
		t.Errorf("unknown anchor key: %v", err)
	}
	doc = "strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n" +
		"noise: [&m {kind: random, levels: [" + levels + "]}, " + strings.TrimSuffix(strings.Repeat("*m, ", 200), ", ") + "]\n"
	_, err = ParseConfig([]byte(doc), "testdata")
	if err == nil || !strings.Contains(err.Error(), "more than 100000 values once aliases are expanded") {
		t.Errorf("200 aliases of 1000 levels: %v", err)
	}
}

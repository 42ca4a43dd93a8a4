package mcp

import (
	"slices"
	"strings"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`npx -y @modelcontextprotocol/server-google-maps`, []string{"npx", "-y", "@modelcontextprotocol/server-google-maps"}},
		{`  cairn   mcp demo  `, []string{"cairn", "mcp", "demo"}},
		{`'/path with spaces/srv' --name "a b" c\ d`, []string{"/path with spaces/srv", "--name", "a b", "c d"}},
		{`echo "say \"hi\" \n" 'it''s'`, []string{"echo", `say "hi" \n`, "its"}},
		{`x "" ''`, []string{"x", "", ""}},
		{"a\tb\nc", []string{"a", "b", "c"}},
	}
	for _, c := range cases {
		got, err := splitCommand(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for in, want := range map[string]string{
		``:     "empty",
		`   `:  "empty",
		`a 'b`: "unterminated ' quote",
		`a "b`: `unterminated " quote`,
		`a b\`: "lone backslash",
	} {
		if _, err := splitCommand(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("splitCommand(%q) err = %v, want %q", in, err, want)
		}
	}
}

func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{`a b c`, `'x y' "z \" w"`, `a\ b`, `""`, `'`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		words, err := splitCommand(in)
		if err != nil {
			return
		}
		if len(words) == 0 {
			t.Fatalf("splitCommand(%q) gave no words and no error", in)
		}
		// Words quoted back in single quotes must split to the same words.
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		again, err := splitCommand(strings.Join(quoted, " "))
		if err != nil || !slices.Equal(again, words) {
			t.Fatalf("round trip of %q: %q -> %q (%v)", in, words, again, err)
		}
	})
}

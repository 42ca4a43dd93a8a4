package understand

import (
	"fmt"
	"testing"
)

func TestModes(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"and by bike?", `[bicycling "by bike"]`},
		{"how long to walk from Newark to Dover", `[walking "walk"]`},
		{"directions on foot, or by car", `[walking "on foot" driving "by car"]`},
		{"can I take the train to Dover?", `[transit "train"]`},
		{"a 6 foot wall near Dover", `[]`},
		{"cycling then driving", `[bicycling "cycling" driving "driving"]`},
		{"Newark to Dover", `[]`},
	} {
		r := Read(c.text, Options{})
		got := "["
		for i, m := range r.Modes {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("%s %q", m.Mode, c.text[m.Start:m.End])
		}
		got += "]"
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

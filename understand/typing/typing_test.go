package typing

import "testing"

func TestVariants(t *testing.T) {
	for _, c := range []struct{ kind, in, want string }{
		{"spaces", "near Dover, DE", "near  Dover,  DE"},
		{"punctuation", "Where's the nearest cafe? (walking)", "Where's the nearest cafe walking"},
		{"punctuation", "at 10:30, near 48.1,-11.5 or 1,000 m", "at 10:30 near 48.1,-11.5 or 1,000 m"},
		{"punctuation", "Dover,DE", "Dover DE"},
		{"lower", "Sea of Japan", "sea of japan"},
		{"please", "a cafe", "please a cafe"},
	} {
		var got string
		for _, v := range Variants() {
			if v.Kind == c.kind {
				got = v.Of(c.in)
			}
		}
		if got != c.want {
			t.Errorf("%s %q = %q, want %q", c.kind, c.in, got, c.want)
		}
	}
}

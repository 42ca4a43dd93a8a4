package httpgate

import (
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/internal/input"
)

// MinKeyLength is the shortest key accepted: a short key can be guessed.
const MinKeyLength = 16

// ReadKeys reads API keys from the file at path (see ParseKeys). Its errors
// name the file and line, never a key.
func ReadKeys(path string) ([]Key, error) {
	b, err := input.ReadFile(path, 1<<20)
	if err != nil {
		return nil, fmt.Errorf("API keys: %w", err)
	}
	keys, err := ParseKeys(string(b), "\n")
	if err != nil {
		return nil, fmt.Errorf("API keys %s: %w", path, err)
	}
	return keys, nil
}

// ParseKeys parses keys from text, entries separated by sep ("\n" in a
// file, "," in $CAIRN_API_KEYS). An entry is a key, or a name, a space and
// a key; blank entries and lines starting with # are skipped.
func ParseKeys(text, sep string) ([]Key, error) {
	var keys []Key
	seen := map[string]bool{}
	for i, entry := range strings.Split(text, sep) {
		entry = strings.TrimSpace(entry)
		if entry == "" || strings.HasPrefix(entry, "#") {
			continue
		}
		where := fmt.Sprintf("entry %d", i+1)
		if sep == "\n" {
			where = fmt.Sprintf("line %d", i+1)
		}
		var k Key
		if name, secret, ok := strings.Cut(entry, " "); ok {
			k = Key{Name: strings.TrimSpace(name), Secret: strings.TrimSpace(secret)}
		} else {
			k = Key{Name: "key " + fmt.Sprint(len(keys)+1), Secret: entry}
		}
		switch {
		case strings.ContainsAny(k.Secret, " \t"):
			return nil, fmt.Errorf("%s: want a key, or a name and a key, separated by one space", where)
		case len(k.Secret) < MinKeyLength:
			return nil, fmt.Errorf("%s: the key is shorter than %d characters; make a long random one (openssl rand -hex 32)", where, MinKeyLength)
		case seen[k.Secret]:
			return nil, fmt.Errorf("%s: the same key is listed twice", where)
		}
		seen[k.Secret] = true
		keys = append(keys, k)
	}
	return keys, nil
}

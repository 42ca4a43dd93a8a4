package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// canonicalJSON rewrites a JSON value with object keys sorted and no
// whitespace, keeping numbers exactly as written, so that equal arguments
// spelt differently give the same cache key. Empty input and null are "{}",
// the arguments of a call with none.
func canonicalJSON(raw []byte) ([]byte, error) {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return []byte("{}"), nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("canonical JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("canonical JSON: trailing data after the value")
	}
	// encoding/json writes map keys sorted and a json.Number as written.
	out, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("canonical JSON: %w", err)
	}
	return out, nil
}

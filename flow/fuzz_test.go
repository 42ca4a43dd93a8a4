package flow

import (
	"encoding/json"
	"testing"
)

func FuzzDecodeCheckpoint(f *testing.F) {
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":2,"next":"a","counts":{"a":1},"state":{"n":1},"time":"2026-01-01T00:00:00Z"}`))
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":0,"fanout":"x","state":[]}`))
	f.Add([]byte(`{"version":1,"run_id":"r","step":-1,"next":"a","state":{}}`))
	f.Add([]byte(`{} {}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := decodeCheckpoint(data)
		if err != nil {
			return
		}
		if err := c.validate(); err != nil {
			t.Fatalf("decoded checkpoint does not validate: %v", err)
		}
		again, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := decodeCheckpoint(again)
		if err != nil {
			t.Fatalf("re-encoded checkpoint does not decode: %v\n%s", err, again)
		}
		if c2.RunID != c.RunID || c2.Step != c.Step || c2.Next != c.Next || c2.Fanout != c.Fanout {
			t.Fatalf("round trip changed the checkpoint: %+v vs %+v", c, c2)
		}
	})
}

package flow

import (
	"encoding/json"
	"testing"
)

func FuzzDecodeCheckpoint(f *testing.F) {
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":2,"next":"a","counts":{"a":1},"state":{"n":1},"time":"2026-01-01T00:00:00Z"}`))
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":0,"fanout":"x","state":[]}`))
	f.Add([]byte(`{"version":1,"run_id":"r","step":-1,"next":"a","state":{}}`))
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":1,"next":"ask","state":{},"time":"2026-01-01T00:00:00Z","waiting":[{"id":"ask#2","node":"ask","step":2,"question":"ok?","schema":{"type":"boolean"},"asked":"2026-01-01T00:00:00Z"}],"answers":{"ask#2.2":true}}`))
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":1,"next":"END","state":{},"cancelled":"left"}`))
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":1,"next":"a","state":{},"cancelled":"left"}`))
	f.Add([]byte(`{"version":1,"run_id":"r","graph":"g","step":1,"fanout":"a","state":{},"waiting":[{"id":"","node":"b"}],"branches":{"c":{}}}`))
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
		if c2.RunID != c.RunID || c2.Step != c.Step || c2.Next != c.Next || c2.Fanout != c.Fanout ||
			len(c2.Waiting) != len(c.Waiting) || len(c2.Answers) != len(c.Answers) || c2.Cancelled != c.Cancelled {
			t.Fatalf("round trip changed the checkpoint: %+v vs %+v", c, c2)
		}
	})
}

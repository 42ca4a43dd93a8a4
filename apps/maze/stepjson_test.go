package maze

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// FuzzStepJSON: a step's line in steps.jsonl is what encoding/json would
// write for it, whatever its strings (model reasoning is any text) and
// numbers.
func FuzzStepJSON(f *testing.F) {
	f.Add(3, 17, true, "policy: take it", "model \"up\"\n\t<&> \u2028 \xff é", -0.01, 120)
	f.Add(0, 0, false, "", "", 0.99, 0)
	f.Add(-1, 1<<40, true, "\x00\x1f\x7f", "\ufffd", 1e-7, -3)
	f.Add(5, 5, false, "a", "b", 1e21, 1)
	f.Fuzz(func(t *testing.T, ep, tick int, flag bool, s1, s2 string, reward float64, n int) {
		if math.IsNaN(reward) || math.IsInf(reward, 0) {
			return
		}
		st := StepRecord{
			Episode: ep, T: tick, X: n, Y: -n, Action: s1, Asked: flag, Advice: s2, AdviceWrong: flag, Followed: !flag,
			HitWall: flag, Reward: reward, ToolSource: s2, ToolReasoning: s1, ToolFallback: s2, MoveSource: s1,
			MoveReasoning: s2, MoveFallback: s1, Rejected: n, Tokens: tick,
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&st); err != nil {
			t.Fatal(err)
		}
		if got := st.appendJSON(nil); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("appendJSON:\n%s\nencoding/json:\n%s", got, want.Bytes())
		}
	})
}

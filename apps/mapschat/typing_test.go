package mapschat

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/understand/typing"
)

// typingFloors are the least share (percent) of tuned messages whose
// tool calls are the same typed each way, a few points under the rates
// reached. When written (185 tuned messages, texts compared in any
// case): lower 98% the same, upper 71%, spaces 89%, punctuation 98%,
// please 90%, thanks 97%; after the fixes: lower 98%, upper 98%,
// punctuation 98%, spaces, please and thanks 100%. With round 12 (523
// tuned messages) lower and upper fell to 94.1% (31 differ); its fixes
// brought them to 94.5% (29 differ, most of them messages misread as
// written too: the Catalan church, the hospital named by a short form,
// addresses with a lower-case state), so their floors are 94 until
// those are read.
var typingFloors = map[string]float64{
	"lower": 94, "upper": 94, "spaces": 97, "punctuation": 95, "please": 97, "thanks": 97,
}

// TestMessagesIgnoreTyping replays each corpus session as written and
// with every user message typed otherwise (case, spaces, punctuation, a
// polite word before or after), comparing the tool calls message by
// message: tuned and held out apart, held-out texts and ids never shown.
func TestMessagesIgnoreTyping(t *testing.T) {
	e := geotest.Engine(t)
	c := loadCorpus(t, e)
	replay := func(s corpusSession, of func(string) string) []string {
		a := chat(t, Options{})
		id := session(t, a, s.Center)
		var out []string
		for _, m := range s.Messages {
			turn := send(t, a, id, of(m.Msg))
			var calls []string
			for _, st := range turn.States {
				if st.Status != ToolPlanning {
					continue
				}
				for _, call := range st.ToolsToExecute {
					b, _ := json.Marshal(call.Arguments)
					// The maps tools read a text in any case: "1000 N King
					// St" and "1000 n king st" are one address.
					calls = append(calls, call.Name+strings.ToLower(string(b)))
				}
			}
			if turn.Err != nil || turn.Answer == nil {
				calls = append(calls, "(the turn failed)")
			}
			out = append(out, strings.Join(calls, ", "))
		}
		return out
	}
	type tally struct{ n, differ int }
	tuned, held := map[string]*tally{}, map[string]*tally{}
	for _, v := range typing.Variants() {
		tuned[v.Kind], held[v.Kind] = &tally{}, &tally{}
	}
	for _, s := range c.Sessions {
		ho := heldOut(s.ID)
		want := replay(s, func(m string) string { return m })
		for _, v := range typing.Variants() {
			got := replay(s, v.Of)
			sc := tuned[v.Kind]
			if ho {
				sc = held[v.Kind]
			}
			for i, m := range s.Messages {
				sc.n++
				if got[i] == want[i] {
					continue
				}
				sc.differ++
				if !ho {
					t.Logf("%s %s %q:\n\tgot        %s\n\tas written %s", m.ID, v.Kind, v.Of(m.Msg), got[i], want[i])
				}
			}
		}
	}
	for _, v := range typing.Variants() {
		tu, ho := tuned[v.Kind], held[v.Kind]
		rate := 100 * float64(tu.n-tu.differ) / float64(max(tu.n, 1))
		t.Logf("typing %-11s tuned %d/%d differ (%.0f%% the same), held out %d/%d differ",
			v.Kind, tu.differ, tu.n, rate, ho.differ, ho.n)
		if rate < typingFloors[v.Kind] {
			t.Errorf("typing %s: tuned %.0f%% read the same, under the floor of %.0f%%", v.Kind, rate, typingFloors[v.Kind])
		}
	}
}

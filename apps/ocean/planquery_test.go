package ocean

import "testing"

// A nearest ranking without a place is an error, not a nil dereference:
// RunPlan is exported, and the policy leaves Near empty (with Missing set)
// when a question names no place it can read.
func TestNearestRankingWithoutPlace(t *testing.T) {
	for _, of := range []string{"float", "profile"} {
		if _, err := buildPlanQuery(QueryPlan{Rank: &Ranking{By: "nearest", Of: of}}); err == nil {
			t.Errorf("nearest %s with no place: no error", of)
		}
	}
}

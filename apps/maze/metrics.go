package maze

import (
	"cmp"
	"slices"
)

// Group is the aggregate of the episodes that share a strategy and noise
// profile (and, when grouped by size, a maze size).
type Group struct {
	Strategy   Strategy  `json:"strategy"`
	Noise      string    `json:"noise"`
	NoiseKind  NoiseKind `json:"noise_kind"`
	NoiseLevel float64   `json:"noise_level"`
	Size       int       `json:"size,omitempty"` // zero: all sizes

	Episodes  int `json:"episodes"`
	Successes int `json:"successes"`
	Steps     int `json:"steps"`

	SuccessRate  float64 `json:"success_rate"`
	Optimality   float64 `json:"optimality"`    // mean over successful episodes
	MeanSteps    float64 `json:"mean_steps"`    // to the goal, successful episodes
	QueryRate    float64 `json:"query_rate"`    // tool queries per step
	FollowRate   float64 `json:"follow_rate"`   // followed / queries
	OverReliance float64 `json:"over_reliance"` // followed wrong advice / followed
	LoopRate     float64 `json:"loop_rate"`     // share of looping episodes

	ModelDecisions  int `json:"model_decisions"`
	PolicyDecisions int `json:"policy_decisions"`
	RejectedMoves   int `json:"rejected_moves"`
	Tokens          int `json:"tokens"`
}

// Summarize aggregates episode records per strategy and noise profile, and
// per size too when bySize. Groups come sorted by strategy, noise kind,
// level and size.
func Summarize(recs []EpisodeRecord, bySize bool) []Group {
	type key struct {
		s     Strategy
		noise string
		size  int
	}
	type acc struct {
		g                                       Group
		queries, followed, followedWrong, loops int
		optSum                                  float64
		okSteps                                 int
	}
	m := map[key]*acc{}
	for _, r := range recs {
		k := key{r.Strategy, r.Noise, 0}
		if bySize {
			k.size = r.Size
		}
		a := m[k]
		if a == nil {
			a = &acc{g: Group{Strategy: r.Strategy, Noise: r.Noise, NoiseKind: r.NoiseKind, NoiseLevel: r.NoiseLevel, Size: k.size}}
			m[k] = a
		}
		a.g.Episodes++
		a.g.Steps += r.Steps
		if r.Success {
			a.g.Successes++
			a.optSum += r.Optimality
			a.okSteps += r.Steps
		}
		a.queries += r.ToolQueries
		a.followed += r.Followed
		a.followedWrong += r.FollowedWrong
		if r.Looping {
			a.loops++
		}
		a.g.ModelDecisions += r.ModelDecisions
		a.g.PolicyDecisions += r.PolicyDecisions
		a.g.RejectedMoves += r.RejectedMoves
		a.g.Tokens += r.PromptTokens + r.CompletionTokens
	}
	out := make([]Group, 0, len(m))
	for _, a := range m {
		g := a.g
		g.SuccessRate = ratio(g.Successes, g.Episodes)
		if g.Successes > 0 {
			g.Optimality = a.optSum / float64(g.Successes)
			g.MeanSteps = float64(a.okSteps) / float64(g.Successes)
		}
		g.QueryRate = ratio(a.queries, g.Steps)
		g.FollowRate = ratio(a.followed, a.queries)
		g.OverReliance = ratio(a.followedWrong, a.followed)
		g.LoopRate = ratio(a.loops, g.Episodes)
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b Group) int {
		return cmp.Or(
			cmp.Compare(a.Strategy, b.Strategy),
			cmp.Compare(noiseOrder(a.NoiseKind), noiseOrder(b.NoiseKind)),
			cmp.Compare(a.NoiseKind, b.NoiseKind),
			cmp.Compare(a.NoiseLevel, b.NoiseLevel),
			cmp.Compare(a.Noise, b.Noise),
			cmp.Compare(a.Size, b.Size),
		)
	})
	return out
}

func noiseOrder(k NoiseKind) int {
	switch k {
	case NoNoise:
		return 0
	case RandomNoise:
		return 1
	case BiasedNoise:
		return 2
	case DelayedNoise:
		return 3
	}
	return 4
}

package events

import (
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/eventdata"
)

// cue is a family of words a record may hold that tells something about
// how it photographs.
type cue struct {
	points int
	why    string
	words  []string
}

// The photographic cues: scale (crowds, a big stage), outdoor light and
// backdrops, visual spectacle, and public access (no ticket, no pass).
var (
	scaleCue = cue{15, "scale", []string{"festival", "carnival", "karneval", "world", "international", "championship",
		"marathon", "parade", "expo", "national", "grand", "olympic", "biennale", "week", "summit", "global", "europe", "eu"}}
	outdoorCue = cue{15, "outdoor", []string{"open air", "outdoor", "street", "park", "parade", "carnival", "karneval",
		"marathon", "market", "fireworks", "beach", "garden", "river", "lake", "regatta", "race", "harbour", "harbor",
		"square", "procession", "pride", "air show", "airshow", "fair"}}
	spectacleCue = cue{15, "visual spectacle", []string{"fireworks", "light", "lights", "lantern", "costume", "carnival",
		"karneval", "parade", "dance", "music", "concert", "art", "design", "show", "drone", "illumination", "flower",
		"procession", "pride", "festival", "opera", "theatre", "theater", "circus", "photo"}}
	publicCue = cue{10, "public access", []string{"free", "public", "open", "community", "street", "parade", "festival",
		"market", "carnival"}}
)

// scoreBase is where every dated, placed event starts.
const scoreBase = 30

// photoScore is an event's photographic value, 0 to 100, with the reason
// for every point it gained or lost, read from the record's own words,
// kind, topics and days and the profile's interests.
func photoScore(r eventdata.Record, evidence int, wanted []string) (int, []string) {
	score := scoreBase
	var reasons []string
	add := func(n int, format string, args ...any) {
		score += n
		reasons = append(reasons, fmt.Sprintf("%+d %s", n, fmt.Sprintf(format, args...)))
	}
	text := recordText(r)
	switch r.Kind {
	case eventdata.KindHoliday:
		add(20, "public holiday: celebrations and crowds in public space")
		add(publicCue.points, "public access: no ticket needed")
	case eventdata.KindObservance:
		add(10, "observance: ceremonies, processions, decorated streets")
	case eventdata.KindConference:
		add(10, "conference: speakers on stage, audiences, exhibition floor")
	case eventdata.KindEvent:
		add(10, "a dated event")
	}
	for _, c := range []cue{scaleCue, outdoorCue, spectacleCue, publicCue} {
		if r.Kind == eventdata.KindHoliday && c.why == publicCue.why {
			continue
		}
		if w, ok := firstWord(text, c.words); ok {
			add(c.points, "%s: %q", c.why, w)
		}
	}
	if start, end, ok := r.Days(); ok {
		if n := int(end.Sub(start).Hours()/24) + 1; n >= 3 {
			add(10, "%d days: several chances to shoot", n)
		} else if n == 2 {
			add(5, "2 days")
		}
	}
	if r.Venue != "" {
		add(5, "known venue %q: a shoot can be planned", r.Venue)
	}
	if r.URL != "" {
		add(5, "an official page for schedules and photo passes")
	}
	if evidence > 1 {
		add(5, "%d independent sources", evidence)
	}
	matched := 0
	for _, l := range wanted {
		if matched < 2 && matchesInterest(r, l) {
			add(10, "matches your interest %q", l)
			matched++
		}
	}
	if r.Online && r.City == "" {
		add(-50, "online only: nothing to photograph in person")
	}
	if r.Kind == eventdata.KindConference && !strings.Contains(text, " free ") {
		reasons = append(reasons, "+0 ticketed: ask the organisers for a photo pass")
	}
	return max(0, min(100, score)), reasons
}

func firstWord(text string, words []string) (string, bool) {
	for _, w := range words {
		if hasWord(text, w) {
			return w, true
		}
	}
	return "", false
}

package events

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// slashedDay is a day written with a slash ("3/10").
var slashedDay = regexp.MustCompile(`\b\d{1,2}/\d{1,2}\b`)

// defaultSpanDays is the length of the time frame of a request that
// names none, or names only its start: today (or that start) and the
// 89 days after, as a reader counts "the next three months" in days.
const defaultSpanDays = 90

// ProfileDecision is the Editor's typed decision: the profile, and on a
// retry the refinements it made.
type ProfileDecision struct {
	Interests      []string `json:"interests" jsonschema:"what the photographer wants to shoot, e.g. festival, parade, music"`
	Location       string   `json:"location" jsonschema:"the city, region or country, as a gazetteer reads it; empty for anywhere"`
	From           string   `json:"from" jsonschema:"first day, YYYY-MM-DD"`
	To             string   `json:"to" jsonschema:"last day, YYYY-MM-DD"`
	RadiusKm       float64  `json:"radius_km,omitempty" jsonschema:"include places within this distance of the location (nearby cities)"`
	SearchKeywords []string `json:"search_keywords"`
	Guidance       string   `json:"researcher_guidance"`
	Refinements    []string `json:"refinements,omitempty" jsonschema:"on a retry: what was changed (wider time frame, nearby cities, other keywords)"`
	Reasoning      string   `json:"reasoning"`
}

// Validate checks the days.
func (d ProfileDecision) Validate() error {
	f, ok1 := day(d.From)
	t, ok2 := day(d.To)
	if !ok1 || !ok2 {
		return fmt.Errorf("from %q and to %q must be days, YYYY-MM-DD", d.From, d.To)
	}
	if t.Before(f) {
		return fmt.Errorf("to %s is before from %s", d.To, d.From)
	}
	if d.RadiusKm < 0 || d.RadiusKm > 1000 {
		return fmt.Errorf("radius_km %g is outside 0..1000", d.RadiusKm)
	}
	return nil
}

// Reason implements llm.Reasoner.
func (d ProfileDecision) Reason() string { return d.Reasoning }

// editorNode makes the profile: from the request on the first cycle,
// refined from the Publisher's feedback on a retry.
func (a *App) editorNode(ctx context.Context, s State) (State, error) {
	s.WorkflowIteration++
	s.ResearcherIteration, s.NewLeads, s.NeedsMoreEvents = 0, 0, false
	s.Leads, s.EventsToVerify, s.VerificationResults, s.Evidence, s.Events, s.Seen = nil, nil, nil, nil, nil, nil
	if s.WorkflowIteration == 1 {
		p, reject, notes, stated := a.readProfile(s)
		for _, n := range notes {
			s.note(n)
		}
		if reject != "" {
			s.Profile, s.GateDecision, s.GateWhy = p, Reject, reject
			s.Location, s.TimeFrame = p.Location, p.TimeFrame
			progress(ctx, nodeEditor, "REJECT: %s", reject)
			return s, nil
		}
		d, err := a.askProfile(ctx, s, p, nil)
		if err != nil {
			return s, err
		}
		decided(&s.Metrics.Editor, d)
		s.Profile = a.profileFrom(d, p, s.Today, s.UserInput, true, stated)
	} else {
		refined, changes := refine(s.Profile, s.WorkflowIteration-1, s.Today)
		d, err := a.askProfile(ctx, s, refined, changes)
		if err != nil {
			return s, err
		}
		decided(&s.Metrics.Editor, d)
		next := a.profileFrom(d, refined, s.Today, s.UserInput, false, true)
		if d.Source == llm.FromModel {
			changes = describeChanges(s.Profile, next)
		}
		s.Profile = next
		s.Refinements = append(s.Refinements, changes...)
		s.note(fmt.Sprintf("retry %d: the Editor refined the profile: %s", s.WorkflowIteration-1, strings.Join(changes, "; ")))
	}
	s.GateDecision, s.GateWhy = "", ""
	s.Location, s.TimeFrame = s.Profile.Location, s.Profile.TimeFrame
	s.Metrics.Editor.add("profiles", 1)
	progress(ctx, nodeEditor, "profile %s, %s..%s, interests %s", orAnywhere(s.Profile.Location), s.Profile.TimeFrame.From, s.Profile.TimeFrame.To, strings.Join(s.Profile.Interests, ", "))
	return s, nil
}

func orAnywhere(loc string) string {
	if loc == "" {
		return "anywhere"
	}
	return loc
}

// askProfile asks the editor model for the profile, the policy's p when
// there is none.
func (a *App) askProfile(ctx context.Context, s State, p Profile, changes []string) (llm.Decision[ProfileDecision], error) {
	reasoning := "profile read from the request with the understand package"
	if len(changes) > 0 {
		reasoning = "refined from the Publisher's feedback: " + strings.Join(changes, "; ")
	}
	policy := func(context.Context) (ProfileDecision, error) {
		return ProfileDecision{
			Interests: p.Interests, Location: p.Location, From: p.TimeFrame.From, To: p.TimeFrame.To,
			RadiusKm: p.RadiusKm, SearchKeywords: p.SearchKeywords, Guidance: p.ResearcherGuidance,
			Refinements: changes, Reasoning: reasoning,
		}, nil
	}
	m := a.opts.Models.For(nodeEditor)
	if m == nil {
		return llm.Decide(ctx, nil, llm.Prompt{Name: "ProfileDecision"}, policy)
	}
	user, err := prompts.Render("editor_user", editorUser{s.UserInput, s.Today, s.RetryFeedback, p, s.WorkflowIteration})
	if err != nil {
		return llm.Decision[ProfileDecision]{}, err
	}
	return llm.Decide(ctx, m, llm.Prompt{Name: "ProfileDecision", System: a.prompts.editor, User: user, MaxRepairs: 2, Timeout: a.opts.ModelTimeout}, policy)
}

// profileFrom checks a model's profile against what Go read: on the
// first cycle a place or time frame the request states is the reader's
// (the model may fill in only what the request leaves open); on a retry
// the model may move them, but a location the gazetteer does not know
// keeps the policy's place and a frame never starts before today. The
// model's interests are kept when they are the vocabulary's or the
// request's words, besides the policy's.
func (a *App) profileFrom(d llm.Decision[ProfileDecision], policy Profile, today, request string, first, stated bool) Profile {
	if d.Source != llm.FromModel {
		return policy
	}
	v := d.Value
	p := policy
	p.ResearcherGuidance = cmp.Or(strings.TrimSpace(v.Guidance), policy.ResearcherGuidance)
	if !first || policy.Place == nil {
		if v.Location != "" && !strings.EqualFold(v.Location, policy.Location) {
			if pl := a.placeOf(v.Location); pl != nil {
				p.Place, p.Location = pl, pl.Qualified()
			}
		}
		p.RadiusKm = v.RadiusKm
	}
	if !first || !stated {
		if tf := (TimeFrame{From: max(v.From, today), To: v.To}); tf.To >= tf.From {
			p.TimeFrame = tf
		}
	}
	req := " " + understand.Normalize(request) + " "
	p.Interests = slices.Clone(policy.Interests)
	for _, in := range v.Interests {
		in = strings.ToLower(strings.TrimSpace(in))
		if _, known := interestOf(in); (known || (in != "" && strings.Contains(req, " "+understand.Normalize(in)+" "))) && !slices.Contains(p.Interests, in) {
			p.Interests = append(p.Interests, in)
		}
	}
	p.SearchKeywords = slices.Clone(policy.SearchKeywords)
	for _, k := range v.SearchKeywords {
		if k = strings.TrimSpace(k); k != "" && len(p.SearchKeywords) < 20 && !slices.Contains(p.SearchKeywords, k) {
			p.SearchKeywords = append(p.SearchKeywords, k)
		}
	}
	return p
}

// placeOf reads a place name with the gazetteer.
func (a *App) placeOf(name string) *understand.Place {
	if a.opts.Gazetteer == nil || strings.TrimSpace(name) == "" {
		return nil
	}
	r := understand.Read("in "+name, understand.Options{Gazetteer: a.opts.Gazetteer})
	for _, m := range r.Mentions {
		if m.Place != nil && m.Role != understand.RoleRegion {
			return m.Place
		}
	}
	return nil
}

// readProfile is the Editor's policy for the first cycle: places, the
// time frame and interests read by the understand package, a structured
// profile's fields taking precedence. reject says why the request cannot
// be served.
func (a *App) readProfile(s State) (p Profile, reject string, notes []string, stated bool) {
	now, _ := day(s.Today)
	// The request as a reader takes it, whatever its typing (spaces,
	// capitals, a polite word, punctuation dictated as words).
	text := understand.Plain(understand.WriteSpokenMarks(s.UserInput))
	// The names of a letter's greeting and sign-off are no places of the
	// events (letternames.go).
	text, signature := withoutLetterNames(text)
	g := s.Given
	if g != nil {
		text = strings.TrimSpace(text + " " + strings.Join(g.Interests, ", ") + " " + strings.Join(g.SearchKeywords, " "))
	}
	r := understand.Read(text, understand.Options{Gazetteer: a.opts.Gazetteer, Now: now, Tense: understand.Future, Terms: terms()})
	for _, t := range r.Terms {
		if t.Label == "night" && inNightCount(text, t.Span) {
			continue // "3 nights" is how long, not nightlife
		}
		for _, l := range append([]string{t.Label}, headInterests(text, t)...) {
			if !slices.Contains(p.Interests, l) {
				p.Interests = append(p.Interests, l)
			}
		}
	}
	for _, l := range wordInterests(text, r) {
		if !slices.Contains(p.Interests, l) {
			p.Interests = append(p.Interests, l)
		}
	}
	// A word of the vocabulary read as a town ("music or art") is no
	// place: the places are read again without it.
	if blanked, ok := withoutVocabulary(text, r); ok {
		r.Mentions = understand.Read(blanked, understand.Options{Gazetteer: a.opts.Gazetteer, Now: now, Tense: understand.Future}).Mentions
	}
	// Someone's camera ("my Fuji") is gear, not the town of its name.
	r.Mentions = slices.DeleteFunc(r.Mentions, func(m understand.Mention) bool { return cameraMention(text, m) })
	corrected(text, r)
	// The place: the structured profile's, else the first the text names
	// (a region written after a city only qualifies it).
	var unknown []string
	var placed *understand.Mention // the mention read as the place
	if g != nil && g.Location != "" {
		if p.Place = a.placeOf(g.Location); p.Place == nil {
			unknown = append(unknown, g.Location)
		}
	} else {
		var m *understand.Mention
		m, unknown = placeMention(r)
		if leg := singledOut(r); leg != nil {
			m = leg // "Vienna first, then Salzburg ..., Salzburg is where I'm free"
		}
		if lm, ok := a.landmarkCity(r); m == nil && ok {
			m, unknown = lm, nil
		}
		// An event named after its place ("the Brixton Carnival"): the
		// place, when the text names no other, and the event's kind.
		for _, e := range r.Mentions {
			head, labels := namedEvent(e)
			if head == "" {
				continue
			}
			for _, l := range labels {
				if !slices.Contains(p.Interests, l) {
					p.Interests = append(p.Interests, l)
				}
			}
			if place := a.placeOf(head); m == nil && place != nil && !farSpelled(*place) {
				m = &understand.Mention{Text: head, Place: place, Role: understand.RoleIn}
				unknown = nil
			}
		}
		// A town in the signature is where the writer is, when the
		// request names no place.
		if m == nil && len(unknown) == 0 {
			m = a.signedPlace(signature)
		}
		// A request that names no kind of event, no time, no events and
		// no place but maybe a word some town is named after ("mango") is
		// about something else, or nothing.
		if g == nil && gearQuestion(text, r, now) {
			return p, "the request asks about photography gear or technique, not for an event: name a place, a time or a kind of event (festivals, markets, parades, concerts...) to look for", notes, false
		}
		if g == nil && repairQuestion(text) {
			return p, "the request asks where to have gear repaired, not for an event: name a place, a time or a kind of event (festivals, markets, parades, concerts...) to look for", notes, false
		}
		if g == nil && serviceQuestion(text, r) {
			return p, "the request asks for a service (somewhere to stay, park or eat), not for an event: name a kind of event (festivals, markets, parades, concerts...) to look for", notes, false
		}
		if g == nil && shopQuestion(text, r) {
			return p, "the request asks for a shop or a service and when it opens, not for an event: name a kind of event (festivals, markets, parades, concerts...) to look for", notes, false
		}
		if home, ok := homeOnly(text); g == nil && ok && m == nil && len(unknown) == 0 {
			return p, fmt.Sprintf("the request gives its place only as %q, which no gazetteer can find: name a city, region or country", home), notes, false
		}
		if g == nil && leavesPlaceOpen(text, m, unknown) {
			return p, "the request leaves the place open (anywhere): name a city, region or country to search", notes, false
		}
		if g == nil && len(r.Terms) == 0 && len(r.Times) == 0 && len(unknown) == 0 && !asksForEvents(text) && (m == nil || strayWord(*m)) {
			return p, "the request asks for no event: it names no place, time or kind of event (festivals, markets, parades, concerts...) to look for", notes, false
		}
		if m != nil {
			p.Place, placed = m.Place, m
			if m.Role != understand.RoleNone && onlyStraysBeside(r, *m) {
				if alone := a.placeOf(m.Text); alone != nil {
					p.Place = alone
				}
			}
			if in := a.inAreaNamed(r, m); in != nil {
				p.Place = in
			}
			if (m.Role == understand.RoleNear || stayingNear(r, *m) || namedAgainNear(r, *m)) && m.Place.Kind == understand.KindCity {
				p.RadiusKm = 50
			}
		}
		if km, ok := statedRadius(r); ok && p.Place != nil {
			p.RadiusKm = km
		}
	}
	if p.Place != nil && p.Place.Kind == understand.KindContinent {
		p.Location = p.Place.Name
		return p, fmt.Sprintf("the place %q is a continent, too wide to search: name a city, region or country in it", p.Place.Name), notes, false
	}
	if p.Place != nil {
		p.Location = p.Place.Qualified()
	} else if len(unknown) > 0 {
		p.Location = unknown[0]
		return p, fmt.Sprintf("the place %q is not one the gazetteer knows (GeoNames cities, regions and countries); name a city, region or country", unknown[0]), notes, false
	} else {
		notes = append(notes, "the request names no place: searching everywhere, in-person events only")
	}
	// Slashed days follow the place's country: 3/10 is 3 October in
	// Melbourne, 10 March in New Orleans; seasons its hemisphere: winter
	// in Queenstown is June to August.
	southern := understand.SouthernOf(p.Place)
	if p.Place != nil && (slashedDay.MatchString(text) || southern) {
		o := understand.SlashGuess
		if slashedDay.MatchString(text) {
			o = understand.SlashOrderOf(p.Place.CountryCode)
		}
		if o != understand.SlashGuess || southern {
			r.Times = understand.Read(text, understand.Options{Now: now, Tense: understand.Future, Slashes: o, Southern: southern}).Times
			correctedTimes(text, r)
		}
	}
	// The time frame: a holiday weekend by the place's calendar, else the
	// frame the text names (a narrower one inside it written later), else
	// a season named before the events.
	from, to := now, time.Time{}
	holiday, why, isHoliday := holidayFrame(text, r.Times, p.Place, now)
	if why != "" {
		notes = append(notes, why)
	}
	times := nightStays(text, labourDays(text, refineTimes(text, r.Times, now), p.Place, now), now)
	times = freeDay(text, arriveToLeave(text, anchoredWeekdays(text, untilAfterDay(text, lengthThenStart(text, storyPast(text, times, now))))))
	frame, hasFrame := requestFrame(text, todayRemarks(r, times, now))
	if tf, ok := stayDays(r, placed, times); ok {
		frame = tf
	}
	if tf, ok := itineraryRows(text, times, placed); ok {
		frame, hasFrame = tf, true // itinerary.go: the rows of the town asked about
	}
	season, hasSeason := seasonFrame(text, now, southern)
	switch {
	case g != nil && (g.TimeFrame.From != "" || g.TimeFrame.To != ""):
		stated = true
		if d, ok := parsedDay(g.TimeFrame.From); ok {
			from = d
		}
		if d, ok := parsedDay(g.TimeFrame.To); ok {
			to = d.AddDate(0, 0, 1)
		}
	case g != nil && g.TimeFrame.Text != "":
		tr := understand.Read(g.TimeFrame.Text, understand.Options{Now: now, Tense: understand.Future})
		if len(tr.Times) == 0 {
			return p, fmt.Sprintf("the time frame %q is not one the reader understands; write it as dates (from, to) or words such as \"March 2026\"", g.TimeFrame.Text), notes, false
		}
		from, to, stated = frameBounds(tr.Times[0], now)
	case isHoliday:
		from, to, stated = frameBounds(holiday, now)
	case hasFrame:
		from, to, stated = frameBounds(frame, now)
	case hasSeason:
		from, to, stated = frameBounds(season, now)
	default:
		notes = append(notes, fmt.Sprintf("the request names no time frame: the next %d days from %s", defaultSpanDays, s.Today))
	}
	if to.IsZero() {
		to = from.AddDate(0, 0, defaultSpanDays)
	}
	last := to.AddDate(0, 0, -1)
	p.TimeFrame = TimeFrame{From: from.Format(eventdata.DateLayout), To: last.Format(eventdata.DateLayout)}
	if last.Before(now) {
		return p, fmt.Sprintf("the time frame %s..%s is over before today (%s): only events still to come are published", p.TimeFrame.From, p.TimeFrame.To, s.Today), notes, false
	}
	if from.Before(now) {
		notes = append(notes, fmt.Sprintf("the time frame starts %s, before today: searching from %s", p.TimeFrame.From, s.Today))
		p.TimeFrame.From = s.Today
	}
	if g != nil && len(g.Interests) > 0 {
		for _, i := range g.Interests {
			i = strings.ToLower(strings.TrimSpace(i))
			if i == "" || len(understand.Read(i, understand.Options{Terms: terms()}).Terms) > 0 {
				continue // a word of the vocabulary: its label is in already
			}
			if !slices.Contains(p.Interests, i) {
				p.Interests = append(p.Interests, i)
			}
		}
	}
	if len(p.Interests) == 0 {
		p.Interests = slices.Clone(defaultInterests)
		notes = append(notes, "the request names no interest: looking for "+strings.Join(defaultInterests, ", "))
	}
	p.SearchKeywords = keywordsFor(p.Interests, false)
	if g != nil && len(g.SearchKeywords) > 0 {
		p.SearchKeywords = g.SearchKeywords
	}
	if g != nil && g.RadiusKm > 0 {
		p.RadiusKm = g.RadiusKm
	}
	p.ResearcherGuidance = guidance(p)
	if g != nil && g.ResearcherGuidance != "" {
		p.ResearcherGuidance = g.ResearcherGuidance
	}
	return p, "", notes, stated
}

func parsedDay(s string) (time.Time, bool) {
	d, err := ParseDay(s, time.UTC)
	if err != nil {
		return time.Time{}, false
	}
	return day(d)
}

// frameBounds is a read time frame as days in UTC: [from, to).
func frameBounds(tf understand.TimeFrame, now time.Time) (from, to time.Time, stated bool) {
	from = now
	if !tf.From.IsZero() {
		y, m, d := tf.From.Date()
		from = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	if !tf.To.IsZero() {
		y, m, d := tf.To.Date()
		to = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		if !tf.To.Equal(time.Date(y, m, d, 0, 0, 0, 0, tf.To.Location())) {
			to = to.AddDate(0, 0, 1) // ends inside a day: that day is in
		}
	}
	return from, to, true
}

func guidance(p Profile) string {
	where := "anywhere"
	if p.Location != "" {
		where = "in " + p.Location
		if p.RadiusKm > 0 {
			where += fmt.Sprintf(" or within %g km", p.RadiusKm)
		}
	}
	return fmt.Sprintf("Find dated, specific events %s from %s to %s about %s; prefer outdoor, public, visually striking events with a known venue.",
		where, p.TimeFrame.From, p.TimeFrame.To, strings.Join(p.Interests, ", "))
}

// refine is the Editor's policy on a retry: the first retry looks in
// nearby cities (a city's neighbours within 100 km; a country has none,
// so its time frame widens) with other keywords, the next widens the time
// frame by a month on each side (never before today) and the radius.
func refine(p Profile, retry int, today string) (Profile, []string) {
	q := p
	q.Interests = slices.Clone(p.Interests)
	var changes []string
	city := p.Place != nil && p.Place.Kind == understand.KindCity && p.Place.HasPoint
	widen := func() {
		f, _ := day(q.TimeFrame.From)
		t, _ := day(q.TimeFrame.To)
		nf := max(f.AddDate(0, -1, 0).Format(eventdata.DateLayout), today)
		q.TimeFrame = TimeFrame{From: nf, To: t.AddDate(0, 0, 1).AddDate(0, 1, -1).Format(eventdata.DateLayout)} // a month more, to a month's end
		changes = append(changes, fmt.Sprintf("wider time frame %s..%s (was %s..%s)", q.TimeFrame.From, q.TimeFrame.To, p.TimeFrame.From, p.TimeFrame.To))
	}
	switch {
	case retry == 1 && city:
		q.RadiusKm = max(100, p.RadiusKm*2)
		changes = append(changes, fmt.Sprintf("nearby cities within %g km of %s", q.RadiusKm, p.Place.Name))
	case retry == 1:
		widen()
	default:
		widen()
		if city {
			q.RadiusKm = max(200, p.RadiusKm*2)
			changes = append(changes, fmt.Sprintf("nearby cities within %g km of %s", q.RadiusKm, p.Place.Name))
		}
	}
	alt := keywordsFor(p.Interests, retry%2 == 1)
	if !slices.Equal(alt, p.SearchKeywords) {
		q.SearchKeywords = alt
		changes = append(changes, "other keywords: "+strings.Join(alt, ", "))
	}
	q.ResearcherGuidance = guidance(q)
	return q, changes
}

// describeChanges says what a model's refined profile changed.
func describeChanges(old, p Profile) []string {
	var out []string
	if old.TimeFrame != p.TimeFrame {
		out = append(out, fmt.Sprintf("time frame %s..%s (was %s..%s)", p.TimeFrame.From, p.TimeFrame.To, old.TimeFrame.From, old.TimeFrame.To))
	}
	if old.RadiusKm != p.RadiusKm {
		out = append(out, fmt.Sprintf("nearby cities within %g km", p.RadiusKm))
	}
	if old.Location != p.Location {
		out = append(out, "location "+p.Location)
	}
	if !slices.Equal(old.SearchKeywords, p.SearchKeywords) {
		out = append(out, "other keywords: "+strings.Join(p.SearchKeywords, ", "))
	}
	if len(out) == 0 {
		out = append(out, "no change")
	}
	return out
}

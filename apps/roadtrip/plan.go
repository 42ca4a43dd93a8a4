package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// planRoutes is the plan_routes action: geometry for every family.
func (p *Planner) planRoutes(ctx context.Context, s *state) (string, error) {
	switch s.Spec.Family {
	case locnav.RoadTrip:
		return p.planTrip(ctx, s)
	case locnav.EvenStops:
		return p.planLegs(ctx, s)
	case locnav.MeetingPoint:
		return p.locateAll(ctx, s, false)
	case locnav.PlaceFinding:
		return p.locateAll(ctx, s, true)
	}
	return "nothing to plan", nil
}

// planLegs locates each leg's ends and the points at its even fractions.
func (p *Planner) planLegs(ctx context.Context, s *state) (string, error) {
	legs := s.Spec.Legs
	s.Legs = make([]leg, len(legs))
	ends := make([]point, 2*len(legs))
	errs := parallel(len(ends), func(i int) error {
		l := legs[i/2]
		q := l.From
		if i%2 == 1 {
			q = l.To
		}
		p, err := p.locateNamed(ctx, s.Spec.Unknown, q)
		ends[i] = p
		if err != nil {
			return fmt.Errorf("leg %d %s: %w", i/2+1, []string{"starting place", "destination"}[i%2], err)
		}
		return nil
	})
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	for i, l := range legs {
		if note := p.nearNamesakes(ctx, &ends[2*i], &ends[2*i+1], l.From, l.To); note != "" {
			addNote(s, note)
		}
	}
	var obs []string
	for i, l := range legs {
		from, to := ends[2*i], ends[2*i+1]
		lg := leg{From: &from, To: &to}
		a, b := [2]float64{from.Lat, from.Lng}, [2]float64{to.Lat, to.Lng}
		for _, f := range l.at() {
			lg.Points = append(lg.Points, interpolate(a, b, f, 0))
		}
		s.Legs[i] = lg
		obs = append(obs, fmt.Sprintf("leg %d: %s → %s, %.0f km, %d stop points", i+1, from.Name, to.Name, distKm(a[0], a[1], b[0], b[1]), len(lg.Points)))
	}
	return strings.Join(obs, "; "), nil
}

// locateAll finds meeting origins or directional reference landmarks.
func (p *Planner) locateAll(ctx context.Context, s *state, refs bool) (string, error) {
	var qs []string
	if refs {
		for _, d := range s.Spec.Directions {
			qs = append(qs, d.Ref)
		}
	} else {
		for _, o := range s.Spec.Origins {
			qs = append(qs, o.Place)
		}
	}
	pts := make([]point, len(qs))
	errs := parallel(len(qs), func(i int) error {
		var err error
		if refs {
			pts[i], err = p.searchFirst(ctx, qs[i])
		} else {
			pts[i], err = p.locateNamed(ctx, s.Spec.Unknown, qs[i])
		}
		return err
	})
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	var obs []string
	for _, p := range pts {
		obs = append(obs, fmt.Sprintf("%s at %.4f,%.4f", p.Name, p.Lat, p.Lng))
	}
	if refs {
		s.Refs = pts
	} else {
		s.Origins = pts
	}
	return "located " + strings.Join(obs, "; "), nil
}

// sameName says whether a located name is the name asked for: one holds
// the other, ignoring case.
func sameName(got, asked string) bool {
	g, a := strings.ToLower(strings.TrimSpace(got)), strings.ToLower(strings.TrimSpace(asked))
	return g != "" && a != "" && (strings.Contains(g, a) || strings.Contains(a, g))
}

// farApart is the distance beyond which two unqualified names of one
// trip are taken for namesakes of nearer places.
const farApart = 1000

// nearNamesakes re-reads two unqualified names that geocoded more than
// farApart km apart ("Dover" in Delaware, "Lewes" in England): each is
// looked up again in the other's region (still the name the question
// writes) and the closest pair is kept. It says what it changed.
func (p *Planner) nearNamesakes(ctx context.Context, a, b *point, an, bn string) string {
	if strings.Contains(an, ",") || strings.Contains(bn, ",") || distKm(a.Lat, a.Lng, b.Lat, b.Lng) <= farApart {
		return ""
	}
	best, bestA, bestB := distKm(a.Lat, a.Lng, b.Lat, b.Lng), *a, *b
	try := func(name string, other point, isA bool) {
		reg := region(other.Address)
		if reg == "" {
			return
		}
		p, err := p.locate(ctx, name+", "+reg)
		if err != nil || !sameName(p.Name, name) {
			return
		}
		if d := distKm(p.Lat, p.Lng, other.Lat, other.Lng); d < best {
			best = d
			if isA {
				bestA, bestB = p, other
			} else {
				bestA, bestB = other, p
			}
		}
	}
	try(bn, *a, false)
	try(an, *b, true)
	if bestA == *a && bestB == *b {
		return ""
	}
	other := an + ", " + region(a.Address)
	if bestB != *b {
		other = bn + ", " + region(b.Address)
	}
	note := fmt.Sprintf("%s and %s geocode %.0f km apart (%s; %s); read as %s and %s, %.0f km apart (write the region, e.g. %q, to mean the others)",
		an, bn, distKm(a.Lat, a.Lng, b.Lat, b.Lng), a.Address, b.Address, bestA.Address, bestB.Address, best, other)
	*a, *b = bestA, bestB
	return note
}

package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 17, in words of their own, not the corpus's.

// Texting shorthand: "hw" and "hows" for how, "2" for to before a
// leg's end, "frm" for from, "ther" for there, "nr" for near, "n" for
// and; a count after "2" stays a count.
func TestTextingShorthand(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "hw long 2 camden frm here", tool: mapstool.Directions, has: []string{`"destination":"camden`}},
		{msg: "hows far is smyrna", tool: mapstool.Directions, has: []string{`"destination":"smyrna`}},
		{msg: "hw do i get 2 felton", tool: mapstool.Directions, has: []string{`"destination":"felton`}},
		{msg: "any pharmacy nr camden", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, `"latitude":39.11`}},
	})
	runClass(t, "Dover, DE", []string{"how far to Camden from here"}, []classCase{
		{msg: "n walking?", tool: mapstool.Directions, has: []string{"walking", `"destination":"camden`}},
		{msg: "ok n by car", tool: mapstool.Directions, has: []string{"driving", `"destination":"camden`}},
	})
	runClass(t, "Dover, DE", []string{"any pharmacy near here"}, []classCase{
		{msg: "hw far 2 drive ther", tool: mapstool.Directions, has: []string{"driving"}},
		{msg: "can i bike ther frm here", tool: mapstool.Directions, has: []string{"bicycling"}},
	})
}

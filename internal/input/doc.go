// Package input reads what users hand Cairn — files, streams, HTTP bodies,
// JSON documents — with a size limit on every read and errors in the
// user's terms: the file and the limit it passed, the JSON field and what
// it should have held, never a Go type or a socket address.
//
//	raw, err := input.ReadFile(path, input.ConfigLimit) // /dev/zero fails at once
//	err = input.DecodeJSON(raw, &task)                  // field "question": expected a string, got a number
//	body, err := input.ReadBody(w, r, 16<<10)           // input.Status(err) is 408, 413 or 400
package input

package tool

import (
	"errors"
	"fmt"
)

// Kinds of tool failure. Check them with errors.Is.
var (
	// ErrTransient is a failure worth retrying: a timeout, a dropped
	// connection, a server that is restarting.
	ErrTransient = errors.New("transient tool failure")
	// ErrPermanent is a failure that will repeat: the tool ran and failed.
	ErrPermanent = errors.New("permanent tool failure")
	// ErrBadArgs means the arguments did not fit the tool's input schema.
	ErrBadArgs = errors.New("bad tool arguments")
	// ErrUnknownTool means no tool has that name.
	ErrUnknownTool = errors.New("unknown tool")
)

// Error is a failed call of a named tool. Kind is one of the Err* values
// above; Err is the underlying cause.
type Error struct {
	Tool string
	Kind error
	Err  error
}

func (e *Error) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("tool %s: %v", e.Tool, e.Kind)
	}
	return fmt.Sprintf("tool %s: %v: %v", e.Tool, e.Kind, e.Err)
}

// Unwrap lets errors.Is match both the kind and the cause.
func (e *Error) Unwrap() []error { return []error{e.Kind, e.Err} }

// Transient wraps err as a retryable failure of tool name.
func Transient(name string, err error) error { return &Error{Tool: name, Kind: ErrTransient, Err: err} }

// Permanent wraps err as a non-retryable failure of tool name.
func Permanent(name string, err error) error { return &Error{Tool: name, Kind: ErrPermanent, Err: err} }

// BadArgs wraps err as an argument error of tool name.
func BadArgs(name string, err error) error { return &Error{Tool: name, Kind: ErrBadArgs, Err: err} }

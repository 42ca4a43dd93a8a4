package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// DecodeJSON decodes the single JSON value in data into v. An object key
// that v has no field for, or anything after the value, is an error; every
// error is in the user's terms (see JSONError).
func DecodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return JSONError(data, err)
	}
	end := dec.InputOffset()
	if rest := bytes.TrimLeft(data[end:], " \t\r\n"); len(rest) > 0 {
		return &jsonError{msg: fmt.Sprintf("%s: more data after the JSON value", position(data, int64(len(data)-len(rest))))}
	}
	return nil
}

// JSONError rewrites an error from encoding/json in the terms of the JSON
// the user wrote, data: which field held what instead of what was expected
// ("field \"sizes\": expected a whole number, got 8.5"), or where the
// syntax broke ("line 3, column 7: invalid character '}'..."). The
// original error stays reachable with errors.As. A nil err gives nil;
// other errors (a field's own UnmarshalJSON, a read error) pass unchanged.
func JSONError(data []byte, err error) error {
	if err == nil {
		return nil
	}
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &typ):
		got := jsonKind(typ.Value)
		if typ.Field == "" {
			return &jsonError{msg: fmt.Sprintf("expected %s, got %s", goKind(typ.Type), got), err: err}
		}
		return &jsonError{msg: fmt.Sprintf("field %q: expected %s, got %s", typ.Field, goKind(typ.Type), got), err: err}
	case errors.As(err, &syn):
		msg := strings.TrimPrefix(syn.Error(), "json: ")
		if syn.Offset > 0 && int(syn.Offset) <= len(data) {
			msg = position(data, syn.Offset-1) + ": " + msg // Offset is just past the bad byte
		}
		return &jsonError{msg: msg, err: err}
	case errors.Is(err, io.EOF):
		return &jsonError{msg: "empty: expected a JSON value", err: err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &jsonError{msg: "the JSON ends before its value does (truncated?)", err: err}
	}
	// DisallowUnknownFields: `json: unknown field "x"`.
	if s := err.Error(); strings.HasPrefix(s, "json: unknown field ") {
		return &jsonError{msg: strings.TrimPrefix(s, "json: "), err: err}
	}
	return err
}

// jsonError is JSONError's rewrite of err.
type jsonError struct {
	msg string
	err error
}

func (e *jsonError) Error() string { return e.msg }
func (e *jsonError) Unwrap() error { return e.err }

// position turns the index of a byte in data into the line and column a
// user's editor shows.
func position(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n') // 1-based
	if line == 1 {
		return fmt.Sprintf("column %d", col)
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}

// jsonKind names what encoding/json's UnmarshalTypeError.Value describes:
// "number", "number 8.5", "string", "bool", "array", "object".
func jsonKind(value string) string {
	switch kind, rest, _ := strings.Cut(value, " "); kind {
	case "number":
		if rest != "" {
			return rest
		}
		return "a number"
	case "string":
		if rest != "" {
			return "the string " + rest
		}
		return "a string"
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "an object"
	}
	return value
}

// goKind says what a Go type holds, in JSON's words.
func goKind(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another kind of value"
}

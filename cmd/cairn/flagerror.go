package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagWants says what a flag of a pflag value type takes, in the user's
// words.
var flagWants = map[string]string{
	"int": "a whole number", "int64": "a whole number", "uint": "a whole number from 0", "uint64": "a whole number from 0",
	"float64": "a number", "bool": "true or false", "duration": "a duration such as 30s, 2m or 1h30m",
}

// flagError rewrites a bad flag value's error in the user's terms: pflag
// reports it with Go's parser ("strconv.ParseInt: parsing "8.5": invalid
// syntax"). Value types of our own already say what they want.
func flagError(_ *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	name := "--" + bad.GetFlag().Name
	if want, ok := flagWants[bad.GetFlag().Value.Type()]; ok {
		return fmt.Errorf("%s %s: want %s", name, bad.GetValue(), want)
	}
	return fmt.Errorf("%s: %w", name, errors.Unwrap(err))
}

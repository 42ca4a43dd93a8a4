package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of trip): replace this placeholder with the real command.
func newTripCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "trip",
		Short: "trip (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("trip is not built yet")
		},
	}
}

package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of serve): replace this placeholder with the real command.
func newServeCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "serve (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("serve is not built yet")
		},
	}
}

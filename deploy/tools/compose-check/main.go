// compose-check loads docker-compose files the way `docker compose -f a.yml -f b.yml config` does (compose-go: schema
// validation, interpolation, anchors, merges, and each file over the ones before it) and prints the resolved project
// as JSON. No Docker needed.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check <docker-compose.yml> [<override.yml> …]")
		os.Exit(2)
	}
	options, err := cli.NewProjectOptions(os.Args[1:], cli.WithOsEnv, cli.WithName("meydan"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := json.Marshal(project)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}

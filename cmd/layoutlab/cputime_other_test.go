//go:build !unix

package main

import (
	"os"
	"time"
)

func cpuTime() (time.Duration, bool) { return 0, false }

func childCPUTime(*os.ProcessState) (time.Duration, bool) { return 0, false }

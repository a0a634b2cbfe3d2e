// Command serve serves Layout Lab's built site (dist/) on a loopback address: `./build.sh serve`.
// It sends the headers embed.html's hosting note asks a host for (site/host); -frame-ancestors
// sets which pages may frame the site's ('self' by default: docs that copy the build beside
// them).
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"

	"layoutlab/site/host"
)

func main() {
	dir := flag.String("dir", "dist", "directory to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (loopback by default)")
	frameAncestors := flag.String("frame-ancestors", host.SelfOnly,
		"the CSP frame-ancestors sources: which origins may frame the pages, e.g. \"'self' https://docs.example.org\"")
	flag.Parse()
	if strings.ContainsAny(*frameAncestors, ";,\r\n") {
		fmt.Fprintf(os.Stderr, "serve: -frame-ancestors %q: want space-separated sources, no ; or ,\n", *frameAncestors)
		os.Exit(2)
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(os.Stderr, "serve: %s is not a directory; run ./build.sh first\n", *dir)
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("Layout Lab at http://%s/  (the widget alone: http://%s/widget.html)\n", ln.Addr(), ln.Addr())
	if err := http.Serve(ln, host.Framed(*dir, *frameAncestors)); err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
}

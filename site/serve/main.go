// Command serve serves Layout Lab's built site (dist/) on a loopback address: `./build.sh serve`.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"layoutlab/site/host"
)

func main() {
	dir := flag.String("dir", "dist", "directory to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (loopback by default)")
	flag.Parse()
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
	if err := http.Serve(ln, host.Handler(*dir)); err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
}

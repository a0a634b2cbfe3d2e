package layout

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLastEndAtMost holds the galloping search to the walk bucket by bucket it replaced, over
// ascending ends with runs of empty buckets (equal ends), from every start and at limits
// below, at and past every end.
func TestLastEndAtMost(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		end := make([]int32, 1+rng.IntN(70))
		sum := int32(0)
		for i := range end {
			if rng.IntN(3) > 0 {
				sum += int32(rng.IntN(5))
			}
			end[i] = sum
		}
		for b := range end {
			for limit := int64(end[b]); limit <= int64(sum)+1; limit++ {
				want := b
				for want+1 < len(end) && int64(end[want+1]) <= limit {
					want++
				}
				if got := lastEndAtMost(end, b, limit); got != want {
					t.Fatalf("trial %d: ends %v from %d, limit %d: %d, want %d", trial, end, b, limit, got, want)
				}
			}
		}
	}
}

// TestBucketStarts: every count becomes the sum of those before it, for every remainder of
// the four-a-step loop.
func TestBucketStarts(t *testing.T) {
	for n := range 11 {
		count := make([]int32, n)
		for i := range count {
			count[i] = int32((i*7 + 3) % 5)
		}
		want := make([]int32, n)
		sum := int32(0)
		for i, c := range count {
			want[i], sum = sum, sum+c
		}
		bucketStarts(count)
		if !slices.Equal(count, want) {
			t.Errorf("%d buckets: starts %v, want %v", n, count, want)
		}
	}
}

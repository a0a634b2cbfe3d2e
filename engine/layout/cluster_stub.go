package layout

import "fmt"

func (l *Layouter) cluster(rows []int32, keys []Ranks, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	return nil, fmt.Errorf("layout: %s is not available yet", kind)
}

package parquetjson

import (
	"fmt"
	"io"
	"strings"

	"github.com/parquet-go/parquet-go/format"
)

// DataFooter is a data file's checked footer: the Thrift metadata with its rows adding up, and
// what engine/datafiles needs to check one column chunk before the Parquet library reads it.
// A data file is not a checkpoint: run-length encoding lets a few bytes hold millions of equal
// values, so its rows are not bounded by its size; the reader bounds them by its own limits.
type DataFooter struct {
	Metadata    *format.FileMetaData
	leaves      []schemaLeaf
	size        int64
	footerStart int64
}

// ReadDataFooter reads and checks a Parquet data file's footer: its length, Thrift structure and
// schema tree against the file's real size, and its row groups' rows adding up to num_rows.
func ReadDataFooter(r io.ReaderAt, size int64) (*DataFooter, error) {
	md, leaves, footerStart, err := readMetadata(r, size)
	if err != nil {
		return nil, err
	}
	rows := int64(0)
	for g := range md.RowGroups {
		rg := &md.RowGroups[g]
		if rg.NumRows < 0 || rg.NumRows > md.NumRows-rows {
			return nil, fmt.Errorf("row group %d: num_rows is %d; the footer's num_rows %d leaves %d", g, rg.NumRows, md.NumRows, md.NumRows-rows)
		}
		rows += rg.NumRows
		if len(rg.Columns) != len(leaves) {
			return nil, fmt.Errorf("row group %d: %d column chunks for %d columns", g, len(rg.Columns), len(leaves))
		}
	}
	if md.NumRows < 0 || rows != md.NumRows {
		return nil, fmt.Errorf("footer: num_rows is %d, its row groups hold %d", md.NumRows, rows)
	}
	return &DataFooter{Metadata: md, leaves: leaves, size: size, footerStart: footerStart}, nil
}

// CheckChunk checks column chunk col of row group g and walks its page headers, as a checkpoint's
// are checked (sizes within the file, pages decompressing to what they declare, at most
// MaxPageBytes each), the values of a column that is not repeated equal to the group's rows. It
// returns the bytes the chunk's pages decompress to.
func (f *DataFooter) CheckChunk(r io.ReaderAt, g, col int) (int64, error) {
	rg := &f.Metadata.RowGroups[g]
	leaf := f.leaves[col]
	maxValues := rg.NumRows
	if leaf.repeated {
		maxValues = maxValuesPerByte * f.size
	}
	n, err := checkChunk(r, f.size, f.footerStart, rg, &rg.Columns[col], leaf, maxValues)
	if err != nil {
		return 0, fmt.Errorf("row group %d, column %s: %v", g, strings.Join(leaf.path, "."), err)
	}
	return n, nil
}

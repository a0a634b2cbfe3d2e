package parquetjson

import (
	"bytes"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// The row-by-row decoder: every action of every row as the JSON line a commit would hold. Rows
// decodes adds column by column instead; this slower path is the reference its tests compare it
// with (TestRowsMatchLines), so it lives with the tests.

// Lines decodes a Parquet checkpoint or sidecar: each row holds one action in one of the
// top-level columns, returned as the JSON line a commit would hold (nil for a row with no
// action), so engine/deltalog validates both paths with the same code.
func Lines(b []byte) (lines [][]byte, err error) {
	err = eachRow(b, func(c *checkpoint) error {
		return c.read(func(row int64, r parquet.Row) error {
			line, err := c.line(r)
			if err == nil {
				err = c.decode(int64(len(line)))
			}
			if err != nil {
				return err
			}
			lines = append(lines, line)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return lines, nil
}

// eachRow opens b as a checkpoint and hands it to use; it turns the library's panics on
// malformed files into errors.
func eachRow(b []byte, use func(*checkpoint) error) error {
	return eachRowAt(bytes.NewReader(b), int64(len(b)), use)
}

// read calls each with every row in file order (row counts from 1, for messages) and checks
// that the rows read are the rows the footer promises.
func (c *checkpoint) read(each func(row int64, r parquet.Row) error) error {
	row := int64(0)
	buf := make([]parquet.Row, 256)
	for _, rg := range c.pf.RowGroups() {
		rows := rg.Rows()
		for {
			n, rerr := rows.ReadRows(buf)
			for i := 0; i < n; i++ {
				row++
				if err := each(row, buf[i]); err != nil {
					rows.Close()
					return fmt.Errorf("row %d: %v", row, err)
				}
			}
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				rows.Close()
				return fmt.Errorf("row %d: %v", row+1, rerr)
			}
		}
		rows.Close()
	}
	if row != c.pf.NumRows() {
		return fmt.Errorf("read %d rows, the footer says %d", row, c.pf.NumRows())
	}
	return nil
}

// linesAsRows is Lines as a deltalog.ParquetRows: every action a JSON line, none typed, so a
// snapshot opened through it is the row-by-row reading.
func linesAsRows(r io.ReaderAt, size int64, _ work.Yield) (*deltalog.ParquetActions, error) {
	b := make([]byte, size)
	if _, err := r.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, err
	}
	lines, err := Lines(b)
	if err != nil {
		return nil, err
	}
	pa := &deltalog.ParquetActions{}
	for i, l := range lines {
		if l != nil {
			pa.Lines = append(pa.Lines, deltalog.ParquetLine{Row: i + 1, JSON: l})
		}
	}
	return pa, nil
}

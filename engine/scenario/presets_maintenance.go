package scenario

// The maintenance article's (seed 000's) presets beyond one per strategy: the cost of a large
// minimum cube, and the platform's strategy, named as Microsoft Fabric's.

// bigCube is seed 000's "small daily batches against a 400 GiB minimum cube": the open cube is
// re-read night after night for forty nights before it seals.
func bigCube() Preset {
	return Preset{"big-cube", "A 400 GiB minimum cube against 10 GiB a day",
		figure(timeline("liquid", func(t *Timeline) { t.IngestGB = 10; t.MinCubeGB = 400 }),
			[]string{"day", "min-cube-gb"}, "write_amplification", "optimize_written_gb")}
}

// fabricIncremental is Microsoft Fabric Runtime 2.0's incremental clustering at the timeline's
// defaults: Fabric's strategy, labelled as Fabric's (TimelineStrategies), never the default.
func fabricIncremental() Preset {
	return Preset{"fabric-incremental", "Microsoft Fabric's incremental clustering (Fabric's, not open-source Delta)",
		figure(timeline("liquid-incremental", nil), []string{"day", "strategy"}, "write_amplification", "lookup_files", "zcubes")}
}

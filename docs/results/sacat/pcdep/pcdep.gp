# ccgpu plot: ipc_norm against bench, from docs/results/sacat/pcdep/pcdep.csv
# render with: gnuplot pcdep.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'pcdep.svg'
set title 'IPC normalised to gto'
set xlabel 'bench'
set ylabel 'ipc_norm'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -45
$bars << EOD
"stencil3d" 1 1 1
"conv2d" 1 1 0.851328
"nw" 1 1 1
"mesh" 1 1 1
"bfs" 1 1 1
"gc" 1 1.00145 0.878782
"spmv" 1 1.01084 0.986792
"memc" 1 1 1.00073
"sssp" 1 1 1
"invidx" 1 1 1
"kmeans" 1 0.992096 0.949228
"matmul" 1 1 1
"hmean" 1 1.00035 0.969406
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=pcb-acc', \
     '' using 4 title 'sched=fgcb-acc'

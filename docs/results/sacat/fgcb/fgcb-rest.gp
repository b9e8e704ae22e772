# ccgpu plot: ipc_norm against bench, from docs/results/sacat/fgcb/fgcb-rest.csv
# render with: gnuplot fgcb-rest.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fgcb-rest.svg'
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
"gc" 1 0.982151 0.878782 0.982596
"nw" 1 1 1 1.05507
"matmul" 1 1 1 0.990851
"stencil3d" 1 1 1 0.406289
"conv2d" 1 0.851328 0.851328 0.824022
"bfs" 1 1 1 1.01251
"memc" 1 1 1.00073 0.37761
"sssp" 1 1 1 0.970499
"invidx" 1 1 1 0.624734
"mesh" 1 1 1 0.796318
"kmeans" 1 0.949228 0.949228 0.885285
"hmean" 1 0.9781 0.967856 0.718864
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=fgcb', \
     '' using 4 title 'sched=fgcb-acc', \
     '' using 5 title 'sched=allbypass'

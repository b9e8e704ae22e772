# ccgpu plot: ipc_norm against bench, from docs/results/ccws/fig7/fig7.csv
# render with: gnuplot fig7.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig7.svg'
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
$bars << EOD
"bfs" 0.824093 1 0.992993 1.13944 1.04655
"kmeans" 0.190892 1 0.95489 10.3164 7.73534
"memc" 0.492191 1 1.04721 1.50598 1.37584
"gc" 0.986212 1 1.00065 1.1597 1.01684
"hmean" 0.421154 1 0.997862 1.59945 1.43109
EOD
plot $bars using 2:xtic(1) title 'sched=lrr', \
     '' using 3 title 'sched=gto', \
     '' using 4 title 'sched=2lvl', \
     '' using 5 title 'sched=best-swl', \
     '' using 6 title 'sched=ccws'

# ccgpu plot: ipc_norm against bench, from docs/results/ccws/fig13/fig13.csv
# render with: gnuplot fig13.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig13.svg'
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
"bfs" 1 1.00507 1.00453 1.02076 1.03824 1.04655 1.05155 1.05365
"kmeans" 1 3.43848 5.13508 6.5529 7.57928 7.73534 7.29453 7.5606
"memc" 1 1.19977 1.30436 1.35622 1.37468 1.37584 1.38218 1.41305
"gc" 1 0.998945 1.00095 1.00411 1.01003 1.01684 1.0251 1.0262
"hmean" 1 1.28191 1.35321 1.39591 1.42216 1.43109 1.43519 1.44744
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=ccws:vta=1', \
     '' using 4 title 'sched=ccws:vta=2', \
     '' using 5 title 'sched=ccws:vta=4', \
     '' using 6 title 'sched=ccws:vta=8', \
     '' using 7 title 'sched=ccws:vta=16', \
     '' using 8 title 'sched=ccws:vta=32', \
     '' using 9 title 'sched=ccws:vta=64'

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
"bfs" 1 0.996334 0.999822 1.0178 1.03272 1.04531 1.04542 1.0417
"kmeans" 1 3.43244 5.10478 6.52735 7.53512 7.77821 7.62536 7.31167
"memc" 1 1.19977 1.30436 1.35622 1.37468 1.37584 1.38218 1.41305
"gc" 1 0.999252 1.00131 0.998439 1.00873 1.01985 1.03205 1.04437
"hmean" 1 1.27826 1.3507 1.39149 1.41853 1.43237 1.43878 1.44826
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=ccws:vta=1', \
     '' using 4 title 'sched=ccws:vta=2', \
     '' using 5 title 'sched=ccws:vta=4', \
     '' using 6 title 'sched=ccws:vta=8', \
     '' using 7 title 'sched=ccws:vta=16', \
     '' using 8 title 'sched=ccws:vta=32', \
     '' using 9 title 'sched=ccws:vta=64'

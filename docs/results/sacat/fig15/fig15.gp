# ccgpu plot: ipc_norm against bench, from docs/results/sacat/fig15/fig15.csv
# render with: gnuplot fig15.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig15.svg'
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
"srad" 1 1.07484 1.05014 1.09306 1.0701 1.1063
"stencil3d" 1 1.01792 1.03183 1.11807 1.15537 1.16283
"conv2d" 1 2.45595 2.4562 2.4562 2.4562 2.4562
"matmul" 1 1.0123 1.01211 1.0123 1.01238 1.0123
"bfs" 1 1 1 1 1 1
"spmv" 1 1.17764 1.12933 2.09502 1.38276 2.14538
"invidx" 1 0.988258 1.01554 1.0029 1.02153 1.02153
"kmeans" 1 3.33613 1.98177 4.27923 5.65475 5.65545
"syrk" 1 6.74457 1.0828 7.21175 1.05734 8.07704
"gesummv" 1 6.0003 0.998453 8.24024 1.3271 9.54287
"hmean" 1 1.47417 1.16057 1.62012 1.28648 1.66408
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=sacat', \
     '' using 4 title 'sched=base-32k', \
     '' using 5 title 'sched=sacat-32k', \
     '' using 6 title 'sched=base-48k', \
     '' using 7 title 'sched=sacat-48k'

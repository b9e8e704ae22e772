# ccgpu plot: ipc_norm against bench, from docs/results/sacat/fgcb/fgcb-stream.csv
# render with: gnuplot fgcb-stream.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fgcb-stream.svg'
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
"vecadd" 1 1 1.01306 0.999472
"blackscholes" 1 1 0.99988 1.00232
"reduction" 1 1.03935 1.04871 0.984808
"histogram" 1 1 1.00354 1.0048
"hotspot" 1 1 1 1.00082
"nbody" 1 1 1 0.999975
"hmean" 1 1.00635 1.01057 0.998656
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=fgcb', \
     '' using 4 title 'sched=fgcb-acc', \
     '' using 5 title 'sched=allbypass'

# ccgpu plot: ipc_norm against bench, from docs/results/sacat/fig14/fig14.csv
# render with: gnuplot fig14.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig14.svg'
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
"srad" 1 1.01325 1.08887 1.014 1.05001 1.08005 1.10068
"stencil3d" 1 0.942951 0.990115 0.943857 0.935944 0.972507 0.964938
"conv2d" 1 1.34226 2.48417 2.48417 2.48417 2.48417 2.48417
"matmul" 1 1.00107 1.04062 1.03681 1.04036 1.0419 1.04062
"syrk" 1 0.997543 3.28038 1.01501 1.73577 2.52246 2.74291
"gesummv" 1 0.99247 1.75617 1.67918 1.79871 1.75921 1.79926
"hmean" 1 1.03423 1.44018 1.20157 1.32842 1.40142 1.41886
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=lat1', \
     '' using 4 title 'sched=pric-lat1', \
     '' using 5 title 'sched=16way-lat1', \
     '' using 6 title 'sched=32way-lat1', \
     '' using 7 title 'sched=64way-lat1', \
     '' using 8 title 'sched=fa-lat1'

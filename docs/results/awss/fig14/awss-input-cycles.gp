# ccgpu plot: cycles against param, from docs/results/awss/fig14/awss-input.csv
# render with: gnuplot awss-input-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-input-cycles.svg'
set title 'awss-input'
set xlabel 'param'
set ylabel 'cycles'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"small" 23529 23529 23529 25927 25927 25927
"medium" 823797 1087478 1016136 1438705 1507836 1500601
EOD
plot $bars using 2:xtic(1) title 'bfs scheme=max-TLP', \
     '' using 3 title 'bfs scheme=AwssSche', \
     '' using 4 title 'bfs scheme=AwssSche-Relax', \
     '' using 5 title 'mesh scheme=max-TLP', \
     '' using 6 title 'mesh scheme=AwssSche', \
     '' using 7 title 'mesh scheme=AwssSche-Relax'

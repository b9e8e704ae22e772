# ccgpu plot: cycles against scheme, from docs/results/awss/fig3-10/awss.csv
# render with: gnuplot awss-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-cycles.svg'
set title 'cycles per scheme (Fig. 9)'
set xlabel 'scheme'
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
"max-TLP" 1438705 823797 5086761
"OptTLP" 1436246 822535 4016222
"AwssSche-Static" 1518265 1054037 20441308
"AwssSche" 1507836 1087478 20441308
"AwssSche-Relax" 1500601 1016136 11183776
"AwssSche-Union" 1491284 865352 11183776
"AwssSche-UnionId" 1446827 836221 11504063
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'spmv'
